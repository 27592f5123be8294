import type { FleetProvider } from './fleet-provider.ts';
import { HttpFleetProvider } from './http/http-fleet-provider.ts';
import type { TraccarLog } from './traccar/traccar-http.ts';
import { TraccarLink } from './traccar/traccar-link.ts';
import { traccarTokenSource } from './traccar/traccar-token.ts';
import { TraccarFleetProvider } from './traccar/traccar-provider.ts';
import {
  createFleetSimulator,
  type FleetSimulator,
  type SimulatorFailures,
} from './simulator/fleet-simulator.ts';

interface FleetProviderSettings {
  kind: 'simulator' | 'http' | 'traccar';
  url?: string | undefined;
  traccar?: { url: string; token: string; tokenFile?: string | null; agencyParent?: number } | null;
  log?: TraccarLog;
  timeoutMs: number;
  simulator?: { seed?: number; statusChanges?: boolean; failures?: Partial<SimulatorFailures> };
}

export interface FleetLinks {
  provider: FleetProvider;
  simulator: FleetSimulator | null;
  /** With FLEET_PROVIDER=traccar: the start-up check, retries and live statuses. */
  traccar?: TraccarLink | null;
}

/**
 * The configured link to the external system; the simulator is also returned for its control
 * routes, the Traccar link for its start-up check.
 */
export function createFleetProvider(settings: FleetProviderSettings): FleetLinks {
  if (settings.kind === 'traccar') {
    if (!settings.traccar || !settings.log)
      throw new Error('TRACCAR_URL and TRACCAR_TOKEN are required when FLEET_PROVIDER=traccar');
    const provider = new TraccarFleetProvider({
      baseUrl: settings.traccar.url,
      token: traccarTokenSource(settings.traccar.token, settings.traccar.tokenFile ?? null),
      timeoutMs: settings.timeoutMs,
      log: settings.log,
      agencyParent: settings.traccar.agencyParent ?? 0,
    });
    return { provider, simulator: null, traccar: new TraccarLink(provider, settings.log) };
  }
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
