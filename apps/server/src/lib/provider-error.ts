import type { PlatformCapability } from '@toolkit/contracts/platform.ts';
import {
  ProviderAuthError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetProvider,
} from '../providers/fleet/fleet-provider.ts';
import { AppError } from './app-error.ts';

export const PROVIDER_DOWN = 'The fleet tracking system cannot be reached. Please try again shortly.';

export const PROVIDER_AUTH_REFUSED =
  'The fleet tracking system refused this server’s access. Please tell your administrator.';

/** Maps a failure of the external system to an answer the installer can act on. */
export function providerError(err: unknown, fallback: string): never {
  if (err instanceof ProviderAuthError) throw new AppError(503, 'PROVIDER_AUTH', PROVIDER_AUTH_REFUSED);
  if (err instanceof ProviderUnavailableError) throw new AppError(503, 'PROVIDER_UNAVAILABLE', PROVIDER_DOWN);
  if (err instanceof ProviderRejectedError)
    throw new AppError(400, 'PROVIDER_REJECTED', err.message || fallback);
  throw err;
}

/** Refuses an action the platform does not have: 400 NOT_AVAILABLE with its one line why. */
export function requireCapability(
  provider: { readonly platform?: FleetProvider['platform'] },
  capability: PlatformCapability,
): void {
  const c = provider.platform?.capabilities[capability];
  if (c && !c.available)
    throw new AppError(400, 'NOT_AVAILABLE', `Not available with this platform: ${c.reason ?? ''}`.trim());
}
