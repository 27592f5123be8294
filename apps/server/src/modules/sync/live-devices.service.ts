import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { announceLocalChange } from '../../lib/change-feed.ts';
import { outsideRequestTransaction } from '../../lib/request-transaction.ts';
import type { ProviderDeviceUpdate } from '../../providers/fleet/fleet-provider.ts';
import { liveDeviceState, liveStateDiffers, mergeAssignment } from './mirror-compare.ts';
import {
  findClientIdMap,
  listLiveDevices,
  listVehicleRefs,
  recordExternalMove,
  updateDeviceRow,
  writeLiveDeviceStates,
  type LiveDeviceRow,
} from './mirror.repository.ts';
import { pendingSubjects } from './outbox.repository.ts';
import { bumpRevision } from './revision.repository.ts';

/** Live updates are written at most this often (the first after a quiet spell at once). */
const WRITE_GAP_MS = 1000;
/**
 * What the stream told of each device is kept this long: a pull leaves those fields to it, and
 * applies again what came while it read the platform.
 */
const KEEP_MS = 10 * 60_000;
/** A pull's lists may be this much older than the pull (the provider shares one read for a moment). */
const READ_SLACK_MS = 2000;
/** A device that a pull of its agency did not place is not asked about again for this long. */
const UNPLACED_MS = 10 * 60_000;

interface LiveDeviceHooks {
  /** The agency is in use (only those are kept fresh). */
  active(clientId: number): boolean;
  /** Something the updates cannot tell changed there: pull it (the mirror spaces these pulls). */
  pull(clientId: number): void;
}

type Move = { row: LiveDeviceRow; to: string | null };

const saneDate = (v: string | null | undefined) => v == null || !Number.isNaN(Date.parse(v));
const saneInt = (v: number | null | undefined) => v == null || (Number.isInteger(v) && Math.abs(v) < 2 ** 31);

/**
 * Applies what a platform's live stream tells of devices (status, last heard, vehicle, latest
 * position) to their mirrored rows, without a pull: gathered, written at most once a second in
 * one statement per agency (a status at once, the rest when the heartbeat moved a minute), and the
 * agency's revision moved as a pull moves it. A pull that read the platform before an update is
 * followed by that update again, so a status never goes back (unless the stream had a gap since:
 * `forget`). A device or vehicle the mirror lacks asks for a pull.
 */
export class LiveDevices {
  private pending = new Map<string, ProviderDeviceUpdate>();
  private readonly recent = new Map<string, { update: ProviderDeviceUpdate; at: number }>();
  private readonly unplaced = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastWrite = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: LiveDeviceHooks,
  ) {}

  receive(updates: readonly ProviderDeviceUpdate[]): void {
    const now = Date.now();
    for (const u of updates) {
      if (!saneDate(u.lastHeartbeat) || !saneInt(u.signalStrength)) continue;
      const key = `${u.clientExternalId}:${u.externalId}`;
      const held = this.pending.get(key);
      this.pending.set(key, held ? { ...held, ...u } : u);
      const kept = this.recent.get(key);
      const fresh = kept && now - kept.at < KEEP_MS;
      this.recent.set(key, { update: fresh ? { ...kept.update, ...u } : u, at: now });
    }
    this.schedule();
  }

  /**
   * The stream had a gap (or cannot tell what changed): what it said before is not applied again
   * after a pull, which reads what happened meanwhile.
   */
  forget(): void {
    this.recent.clear();
    this.pending.clear();
  }

  /** What the stream last told of a device (since its last gap, within KEEP_MS). */
  heard(clientExternalId: string, externalId: string): ProviderDeviceUpdate | undefined {
    const kept = this.recent.get(`${clientExternalId}:${externalId}`);
    return kept && Date.now() - kept.at < KEEP_MS ? kept.update : undefined;
  }

  /** After a pull of the agency: the updates it may have read too early are applied again. */
  async afterPull(clientId: number, externalId: string, pullStartedAt: number): Promise<void> {
    const since = pullStartedAt - READ_SLACK_MS;
    const now = Date.now();
    const again: ProviderDeviceUpdate[] = [];
    for (const [key, r] of this.recent) {
      if (now - r.at >= KEEP_MS) this.recent.delete(key);
      else if (r.at >= since && r.update.clientExternalId === externalId) again.push(r.update);
    }
    if (again.length > 0) await this.apply(clientId, again, true);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (this.timer || this.running || this.stopped || this.pending.size === 0) return;
    const wait = Math.max(0, this.lastWrite + WRITE_GAP_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastWrite = Date.now();
      const batch = [...this.pending.values()];
      this.pending = new Map();
      this.running = outsideRequestTransaction(() => this.write(batch))
        .catch((err: unknown) =>
          this.log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'live device update failed',
          ),
        )
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, wait);
    this.timer.unref();
  }

  private async write(updates: readonly ProviderDeviceUpdate[]): Promise<void> {
    const ids = await findClientIdMap(this.db, [...new Set(updates.map((u) => u.clientExternalId))]);
    const byClient = new Map<number, ProviderDeviceUpdate[]>();
    for (const u of updates) {
      const id = ids.get(u.clientExternalId);
      if (id === undefined || !this.hooks.active(id)) continue;
      const list = byClient.get(id) ?? [];
      list.push(u);
      byClient.set(id, list);
    }
    for (const [clientId, list] of byClient) await this.apply(clientId, list, false);
  }

  /** Applies one agency's updates; a device it lacks asks for a pull (unless this follows one). */
  private async apply(clientId: number, updates: readonly ProviderDeviceUpdate[], afterPull: boolean) {
    const rows = await listLiveDevices(
      this.db,
      clientId,
      updates.map((u) => u.externalId),
    );
    const byExternal = new Map(rows.map((r) => [r.navigatorDeviceId, r]));
    const writes: (LiveDeviceRow & ReturnType<typeof liveDeviceState>)[] = [];
    const moves: Move[] = [];
    let unknown = false;
    const now = Date.now();
    for (const u of updates) {
      const row = byExternal.get(u.externalId);
      if (!row) {
        const key = `${u.clientExternalId}:${u.externalId}`;
        // Still missing right after a pull (it moved to another agency): not asked about again.
        if (afterPull) this.unplaced.set(key, now);
        else if (now - (this.unplaced.get(key) ?? -Infinity) >= UNPLACED_MS) unknown = true;
        continue;
      }
      const next = liveDeviceState(row, u);
      if (liveStateDiffers(row, next)) writes.push({ ...row, ...next });
      if (u.vehicleExternalId !== undefined && u.vehicleExternalId !== row.syncedVehicleExternalId)
        moves.push({ row, to: u.vehicleExternalId });
    }
    await writeLiveDeviceStates(this.db, writes);
    const moved = moves.length > 0 ? await this.move(clientId, moves) : { changed: false, unknown: false };
    if (writes.length > 0 || moved.changed) {
      await bumpRevision(this.db, clientId);
      announceLocalChange(clientId);
    }
    if ((unknown || moved.unknown) && !afterPull) this.hooks.pull(clientId);
  }

  /** Moves made on the platform, merged three ways as a pull merges them (fleet-merge.service.ts). */
  private async move(clientId: number, moves: readonly Move[]) {
    const vehicles = await listVehicleRefs(this.db, clientId);
    const byExternal = new Map(vehicles.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const byId = new Map(vehicles.map((v) => [v.id, v]));
    const pending = await pendingSubjects(this.db, clientId, 'device-assignment');
    let changed = false;
    let unknown = false;
    for (const { row, to } of moves) {
      const remote = to === null ? null : byExternal.get(to);
      if (remote === undefined) {
        // A vehicle the mirror does not have yet.
        unknown = true;
        continue;
      }
      const localExt =
        row.vehicleId === null
          ? null
          : (byId.get(row.vehicleId)?.externalId ?? `local:${String(row.vehicleId)}`);
      const how = mergeAssignment(
        localExt,
        to,
        row.syncedVehicleExternalId,
        pending.has(`device:${String(row.id)}`),
      );
      if (how === 'keep') continue;
      if (how === 'adopt') {
        await recordExternalMove(this.db, row.id, remote);
        await updateDeviceRow(this.db, row.id, {
          vehicleId: remote?.id ?? null,
          syncedVehicleExternalId: to,
        });
      } else await updateDeviceRow(this.db, row.id, { syncedVehicleExternalId: to });
      changed = true;
    }
    return { changed, unknown };
  }
}
