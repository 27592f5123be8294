import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PlatformActors, PushOutcome, PushQueue } from '../../lib/ports.ts';
import {
  ProviderActorRefusedError,
  ProviderRejectedError,
  type FleetProvider,
  type ProviderActor,
} from '../../providers/fleet/fleet-provider.ts';
import {
  claim,
  leaseHolders,
  markDone,
  markFailed,
  releaseLeasesOf,
  reschedule,
  type ClaimedRow,
  type OutboxRow,
} from './outbox.repository.ts';
import { PlatformPushes, WaitError } from './outbox-pushes.ts';

export { deviceSubject, vehicleSubject } from './push-content.ts';

const MAX_BACKOFF_MS = 5 * 60_000;
const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * The push goes as the user who made the change (issue 32) and no credential of theirs is held
 * (signed out, or the platform refused their token): it waits for them to sign in again.
 */
class ActorWaitError extends Error {}

export const WAITING_FOR_USER =
  'Waiting for the installer who made this change to sign in again: the fleet platform takes it only from them';

/** How often a push waiting for its user is looked at again. */
const ACTOR_WAIT_MS = 60_000;

/**
 * This server process as the outbox sees it (lib/server-instance.ts, decision 038): the id its
 * claims record, and which other claimers are alive. A lease held by one that is not is released.
 */
interface LeaseHolder {
  readonly id: string;
  alive(ids: readonly string[]): Promise<Set<string>>;
}

/** Pushes local changes to the external system; what cannot be pushed now is retried later. */
export class OutboxService implements PushQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly pushes: PlatformPushes;

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly log: FastifyBaseLogger,
    private readonly actors: PlatformActors | null = null,
    private readonly holder: LeaseHolder | null = null,
  ) {
    this.pushes = new PlatformPushes(db, provider);
  }

  private claim(limit: number, subject?: string): Promise<ClaimedRow[]> {
    return claim(this.db, { limit, subject, holder: this.holder?.id ?? null });
  }

  /**
   * Makes the pushes held by processes that died due at once (at start, and whenever a claim
   * finds a lease of another process): no waiting out their 60 s lease. Returns how many.
   */
  async releaseDeadLeases(subject?: string): Promise<number> {
    if (!this.holder) return 0;
    const holders = await leaseHolders(this.db, this.holder.id, subject);
    if (holders.length === 0) return 0;
    const alive = await this.holder.alive(holders);
    const released = await releaseLeasesOf(
      this.db,
      holders.filter((id) => !alive.has(id)),
    );
    if (released > 0) this.log.warn({ released }, 'pushes held by server processes that died are due again');
    return released;
  }

  /** Tries the pending push of one subject now (used right after a write) and says how it went. */
  async pushNow(subject: string): Promise<PushOutcome> {
    let rows = await this.claim(5, subject);
    // Nothing due: another process holds it, or held it and died (then it is this request's).
    if (rows.length === 0 && (await this.releaseDeadLeases(subject)) > 0) rows = await this.claim(5, subject);
    let outcome: PushOutcome = {
      pushed: false,
      localOnly: false,
      error: rows.length === 0 ? 'Push already in progress' : null,
    };
    for (const row of rows) outcome = await this.process(row);
    return outcome;
  }

  /** Processes every due push; safe to call from several processes at once. */
  drain(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.releaseDeadLeases();
        for (;;) {
          const rows = await this.claim(20);
          if (rows.length === 0) return;
          for (const row of rows) await this.process(row);
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  start(intervalMs = 3000): void {
    this.timer ??= setInterval(() => {
      this.drain().catch((err: unknown) => this.log.error({ err }, 'outbox drain failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * The user a push goes as. Undefined on a platform that needs none (the simulator, HTTP); on one
   * that acts as each user (Traccar), their id and credential, or ActorWaitError without one.
   */
  private async actorOf(row: OutboxRow): Promise<ProviderActor | undefined> {
    if (!this.provider.actsAsUser || !this.actors) return undefined;
    const actor = row.actorUserId === null ? null : await this.actors.forUser(row.actorUserId);
    if (!actor?.credential) throw new ActorWaitError(WAITING_FOR_USER);
    return actor;
  }

  private async process(row: ClaimedRow): Promise<PushOutcome> {
    try {
      const localOnly = await this.pushes.apply(row, await this.actorOf(row));
      await markDone(this.db, row.id);
      return { pushed: !localOnly, localOnly, error: null };
    } catch (err) {
      let message = err instanceof Error ? err.message : String(err);
      if (err instanceof ProviderActorRefusedError && row.actorUserId !== null) {
        // Their token no longer works (disabled, expired, revoked): forget it, wait for a new one.
        const actor = await this.actors?.forUser(row.actorUserId);
        if (actor?.credential) await this.actors?.refused(row.actorUserId, actor.credential);
        message = WAITING_FOR_USER;
      }
      if (err instanceof ProviderRejectedError) {
        await markFailed(this.db, row.id, message);
        this.log.warn(
          { outboxId: row.id, kind: row.kind, err: message },
          'push rejected by the external system',
        );
      } else {
        const waitingForUser = err instanceof ActorWaitError || err instanceof ProviderActorRefusedError;
        const delay =
          err instanceof WaitError ? 2000 : waitingForUser ? ACTOR_WAIT_MS : backoffMs(row.attempts);
        await reschedule(this.db, row, message, delay);
        this.log.info(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: message },
          'push deferred',
        );
      }
      return { pushed: false, localOnly: false, error: message };
    }
  }
}
