import type { PlatformCapability } from '@toolkit/contracts/platform.ts';
import { PLATFORM_RIGHTS_CODES, PLATFORM_RIGHTS_MESSAGES } from '@toolkit/contracts/auth.ts';
import {
  ProviderActorRefusedError,
  ProviderAuthError,
  ProviderRightsError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetProvider,
} from '../providers/fleet/fleet-provider.ts';
import { AppError } from './app-error.ts';

export const PROVIDER_DOWN = 'The fleet tracking system cannot be reached. Please try again shortly.';

/** The toolkit's own platform access lapsed (TRACCAR_TOKEN expired or revoked): nothing waiting is lost. */
const PROVIDER_AUTH_REFUSED = PLATFORM_RIGHTS_MESSAGES.platformAccessLapsed;

/** Maps a failure of the external system to an answer the installer can act on. */
export function providerError(err: unknown, fallback: string): never {
  if (err instanceof ProviderRightsError)
    throw new AppError(403, PLATFORM_RIGHTS_CODES[err.right], err.message);
  // The platform no longer takes the user's own credential: their session there ended.
  if (err instanceof ProviderActorRefusedError)
    throw new AppError(401, 'UNAUTHORIZED', 'Session expired or invalid. Please sign in again.');
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
