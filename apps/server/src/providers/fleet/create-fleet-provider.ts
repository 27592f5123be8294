import type { FleetProvider } from './fleet-provider.ts';
import { HttpFleetProvider } from './http/http-fleet-provider.ts';
import {
  createFleetSimulator,
  type FleetSimulator,
  type SimulatorFailures,
} from './simulator/fleet-simulator.ts';

export interface FleetProviderSettings {
  kind: 'simulator' | 'http';
  url?: string | undefined;
  timeoutMs: number;
  simulator?: { seed?: number; statusChanges?: boolean; failures?: Partial<SimulatorFailures> };
}

/** The configured link to the external system; the simulator is also returned for its control routes. */
export function createFleetProvider(settings: FleetProviderSettings): {
  provider: FleetProvider;
  simulator: FleetSimulator | null;
} {
  if (settings.kind === 'http') {
    if (!settings.url) throw new Error('FLEET_PROVIDER_URL is required when FLEET_PROVIDER=http');
    return {
      provider: new HttpFleetProvider({ baseUrl: settings.url, timeoutMs: settings.timeoutMs }),
      simulator: null,
    };
  }
  const simulator = createFleetSimulator({
    seed: settings.simulator?.seed,
    statusChanges: settings.simulator?.statusChanges,
    failures: settings.simulator?.failures,
  });
  return { provider: simulator, simulator };
}
