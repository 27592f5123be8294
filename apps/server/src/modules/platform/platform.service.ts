import {
  PLATFORM_CAPABILITIES,
  type Capability,
  type Platform,
  type PlatformCapability,
} from '@toolkit/contracts/platform.ts';
import type { FleetProvider } from '../../providers/fleet/fleet-provider.ts';

const AVAILABLE: Capability = { available: true, reason: null };
const NAMES = { simulator: 'Simulator', http: 'HTTP fleet system', traccar: 'Traccar' } as const;

/** The fleet platform the server talks to and what it can do (issue 26, decision 033). */
export class PlatformService {
  constructor(
    private readonly provider: { readonly platform?: FleetProvider['platform'] },
    private readonly kind: keyof typeof NAMES,
    private readonly link: { platform(): { version: string | null } } | null,
  ) {}

  describe(): Platform {
    const lacks = this.provider.platform?.capabilities ?? {};
    const capabilities = Object.fromEntries(
      PLATFORM_CAPABILITIES.map((c) => [c, lacks[c] ?? AVAILABLE]),
    ) as Record<PlatformCapability, Capability>;
    return {
      name: this.provider.platform?.name ?? NAMES[this.kind],
      version: this.link?.platform().version ?? null,
      capabilities,
    };
  }
}
