import {
  PLATFORM_RIGHTS_CODES,
  PLATFORM_RIGHTS_MESSAGES,
  type PlatformRestriction,
} from '@toolkit/contracts/auth.ts';
import type { FleetProvider, ProviderActor } from '../providers/fleet/fleet-provider.ts';
import { AppError } from './app-error.ts';
import type { PlatformActors } from './ports.ts';
import type { AuthUser } from './types.ts';

const SESSION_ENDED = 'Session expired or invalid. Please sign in again.';

/**
 * Refuses, before anything is written here, what the user's own platform account may not do
 * (issue 32: Traccar's readonly, deviceReadonly, limitCommands, as last read from the platform):
 * 403 with the right's code and words, so nothing shows as saved that the platform would refuse.
 */
export function requirePlatformRight(user: AuthUser, ...needed: PlatformRestriction[]): void {
  const held = user.platformRestrictions ?? [];
  for (const right of needed)
    if (held.includes(right))
      throw new AppError(403, PLATFORM_RIGHTS_CODES[right], PLATFORM_RIGHTS_MESSAGES[right]);
}

/** What a change to a device needs: not read-only, and devices not read-only. */
export const DEVICE_WRITE: PlatformRestriction[] = ['readOnly', 'devicesReadOnly'];

/**
 * The user a call to the platform is made as, on a platform that acts as each user (Traccar):
 * their platform id and credential. Without a credential their session predates it or the platform
 * refused it: sign in again (401). Undefined on a platform that needs no actor.
 */
export async function actorFor(
  provider: Pick<FleetProvider, 'actsAsUser'>,
  actors: PlatformActors,
  user: AuthUser,
): Promise<ProviderActor | undefined> {
  if (!provider.actsAsUser) return undefined;
  const actor = await actors.forUser(user.id);
  if (!actor?.credential) throw new AppError(401, 'UNAUTHORIZED', SESSION_ENDED);
  return actor;
}
