import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FleetMirror, PlatformActors } from '../../lib/ports.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  ProviderActorRefusedError,
  ProviderUnavailableError,
  type FleetProvider,
} from '../../providers/fleet/fleet-provider.ts';
import { setPlatformAccess } from './auth.repository.ts';

/** What the check found: the user as now, or that the platform no longer takes them. */
type AccessVerdict = { kind: 'ok'; user: AuthUser } | { kind: 'refused' };

/**
 * Access follows the platform (issue 32): a signed-in user's agencies and restrictions are asked
 * again with their own credential when the last answer is older than `everyMs` (default 4
 * minutes, so an unlinked, disabled or expired account loses an agency's lists within 5). One
 * check per user at a time; while the platform cannot be reached the last answer holds and the
 * check is tried again after 30 s.
 */
export class AccessFollower {
  private readonly checkedAt = new Map<number, number>();
  private readonly running = new Map<number, Promise<AccessVerdict>>();

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly actors: PlatformActors,
    private readonly mirror: FleetMirror,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'> | null,
    private readonly everyMs = 4 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.provider.accessOf !== undefined;
  }

  /** The user as the platform sees them now (a check when due), or 'refused'. */
  follow(user: AuthUser): Promise<AccessVerdict> {
    const at = this.checkedAt.get(user.id);
    if (!this.enabled || (at !== undefined && this.now() - at < this.everyMs))
      return Promise.resolve({ kind: 'ok', user });
    let running = this.running.get(user.id);
    if (!running) {
      running = this.check(user).finally(() => this.running.delete(user.id));
      this.running.set(user.id, running);
    }
    return running;
  }

  /** The sign-in just read the account: the next check is due `everyMs` from now. */
  noteChecked(userId: number): void {
    this.checkedAt.set(userId, this.now());
  }

  private async check(user: AuthUser): Promise<AccessVerdict> {
    const actor = await this.actors.forUser(user.id);
    // No credential of theirs (a session from before the toolkit kept them): sign in again.
    if (!actor?.credential) return { kind: 'refused' };
    try {
      const access = await this.provider.accessOf?.(actor);
      if (!access) return { kind: 'ok', user };
      const clientIds = await this.mirror.syncClients(access.clientExternalIds);
      const updated = await setPlatformAccess(this.db, user.id, {
        clientIds,
        platformRestrictions: access.platformRestrictions ?? [],
      });
      this.noteChecked(user.id);
      if (updated && updated.clientIds.join() !== user.clientIds.join())
        this.log?.info(
          { userId: user.id, before: user.clientIds, now: updated.clientIds },
          'platform access changed: agencies followed',
        );
      return { kind: 'ok', user: updated ?? user };
    } catch (err) {
      if (err instanceof ProviderActorRefusedError) {
        await this.actors.refused(user.id, actor.credential);
        this.log?.info({ userId: user.id }, 'the platform refused the user’s credential: signed out');
        return { kind: 'refused' };
      }
      // Unreachable, or an answer that could not be read: the last answer holds (never a failed
      // request for it); asked again in 30 s.
      if (!(err instanceof ProviderUnavailableError))
        this.log?.warn({ userId: user.id, err }, 'platform access check failed: the last answer holds');
      this.checkedAt.set(user.id, this.now() - this.everyMs + 30_000);
      return { kind: 'ok', user };
    }
  }
}
