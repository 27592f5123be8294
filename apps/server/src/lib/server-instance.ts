import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Presence } from '../db/presence.ts';
import { idempotencyKeys, serverInstances } from '../db/schema/tables.ts';

interface ServerInstanceOptions {
  /** How often the instance's heartbeat row is refreshed. */
  heartbeatMs?: number;
  /** A holder whose heartbeat is older than this is dead, whatever its connection says. */
  staleMs?: number;
}

/**
 * This server process as the database knows it (decision 038): a row in `server_instances` with a
 * heartbeat, and a sign of life on the database (`Presence`). An Idempotency-Key in progress
 * records its holder; a key whose holder is not alive is released at once (at start, and when a
 * retry finds it), while a key a live process holds still answers 409. The outbox's claims record
 * the holder too (`outbox.holder`): the pushes of a holder not alive are due again at once
 * (`OutboxService.releaseDeadLeases`, given this instance as its `LeaseHolder`; issue 32).
 */
export class ServerInstance {
  readonly id = randomUUID();
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private timer: NodeJS.Timeout | null = null;
  private leave: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly presence: Presence,
    options: ServerInstanceOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.staleMs = options.staleMs ?? 4 * this.heartbeatMs;
  }

  /** Writes the row, shows the instance alive, releases what dead instances held. */
  async start(): Promise<number> {
    await this.db.insert(serverInstances).values({ id: this.id });
    this.leave = await this.presence.join(this.id);
    this.timer = setInterval(() => {
      // An upsert: a row deleted while this instance looked dead comes back.
      this.db
        .insert(serverInstances)
        .values({ id: this.id })
        .onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } })
        .catch(() => undefined);
    }, this.heartbeatMs);
    this.timer.unref();
    return this.releaseDeadHolders();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.leave?.();
    this.leave = null;
    await this.db
      .delete(serverInstances)
      .where(eq(serverInstances.id, this.id))
      .catch(() => undefined);
  }

  /** The holders among `ids` that are alive: a fresh heartbeat and a sign of life. */
  async alive(ids: readonly string[]): Promise<Set<string>> {
    const others = [...new Set(ids)].filter((id) => id !== this.id);
    const out = new Set(ids.filter((id) => id === this.id));
    if (others.length === 0) return out;
    const fresh = await this.db
      .select({ id: serverInstances.id })
      .from(serverInstances)
      .where(
        and(
          inArray(serverInstances.id, others),
          sql`${serverInstances.heartbeatAt} > now() - make_interval(secs => ${this.staleMs / 1000})`,
        ),
      );
    const present = await this.presence.present(fresh.map((r) => r.id));
    for (const id of present) out.add(id);
    return out;
  }

  /** Deletes the keys left in progress by instances that are not alive, and their rows. */
  async releaseDeadHolders(): Promise<number> {
    const holders = await this.db
      .selectDistinct({ holder: idempotencyKeys.holder })
      .from(idempotencyKeys)
      .where(
        and(
          isNull(idempotencyKeys.statusCode),
          isNotNull(idempotencyKeys.holder),
          ne(idempotencyKeys.holder, this.id),
        ),
      );
    const ids = holders.flatMap((h) => (h.holder === null ? [] : [h.holder]));
    const alive = await this.alive(ids);
    const dead = ids.filter((id) => !alive.has(id));
    let released = 0;
    if (dead.length > 0) {
      const rows = await this.db
        .delete(idempotencyKeys)
        .where(and(isNull(idempotencyKeys.statusCode), inArray(idempotencyKeys.holder, dead)))
        .returning({ key: idempotencyKeys.key });
      released = rows.length;
    }
    // Rows of instances gone (a crash leaves its row) are forgotten; a live one that only looked
    // dead (its connection was being opened again) writes its row back with its next heartbeat.
    const live = [...(await this.alive(await this.instanceIds())), this.id];
    await this.db.delete(serverInstances).where(notInArray(serverInstances.id, live));
    return released;
  }

  private async instanceIds(): Promise<string[]> {
    const rows = await this.db.select({ id: serverInstances.id }).from(serverInstances);
    return rows.map((r) => r.id);
  }
}
