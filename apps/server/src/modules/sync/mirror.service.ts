import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { announceLocalChange } from '../../lib/change-feed.ts';
import type { FleetMirror } from '../../lib/ports.ts';
import { PROVIDER_DOWN } from '../../lib/provider-error.ts';
import { outsideRequestTransaction } from '../../lib/request-transaction.ts';
import { Semaphore } from '../../lib/semaphore.ts';
import { ProviderUnavailableError, type FleetProvider } from '../../providers/fleet/fleet-provider.ts';
import { FleetMerge } from './fleet-merge.service.ts';
import { LiveDevices } from './live-devices.service.ts';
import {
  findClientIds,
  findClientRow,
  lastPullAgeMs,
  markClientSynced,
  upsertClient,
  withPullLock,
} from './mirror.repository.ts';

const ACTIVE_WINDOW_MS = 10 * 60_000;
/** Pulls at once per process: each holds a lock connection while its queries use others. */
const PULL_CONCURRENCY = 3;
/** Pulls a platform's live stream asks for: at most one per agency this often (more are coalesced). */
const LIVE_PULL_GAP_MS = 5000;
/**
 * The refresh while a platform's stream is open: statuses come over it, so a refresh only catches
 * what it does not tell (edits made in the platform's own screens).
 */
const STREAMING_REFRESH_MS = 60_000;

interface MirrorOptions {
  /** Take the agency's advisory lock around a pull (PostgreSQL: several processes share it). */
  coordinate: boolean;
  /** The status refresh interval: a refresh skips an agency pulled more recently than most of it. */
  refreshMs: number;
}

/** When a pull is skipped once the lock is held, given how long ago the agency was last pulled. */
type SkipWhen = (ageMs: number | null) => boolean;
const never: SkipWhen = () => false;
/** What a pull did: pulled, skipped (fresh enough), or gave way to another process's pull. */
type PullOutcome = 'pulled' | 'skipped' | 'busy';

/**
 * Keeps the local database a mirror of the external system: agencies at sign-in, and for agencies
 * in use their vehicles, device systems and devices (statuses every refresh). Pulls of one agency
 * are shared within the process and, with `coordinate`, serialised across processes by an
 * advisory lock; a pull that finds the agency freshly pulled by another process skips.
 */
export class MirrorService implements FleetMirror {
  private readonly active = new Map<number, number>();
  private readonly inFlight = new Map<number, Promise<PullOutcome>>();
  /** Agencies known to have been pulled at least once (it never goes back). */
  private readonly mirrored = new Set<number>();
  private readonly slots = new Semaphore(PULL_CONCURRENCY);
  private readonly merge: FleetMerge;
  private readonly live: LiveDevices;
  /** When the live stream last had each agency pulled, and the pull it has waiting. */
  private readonly livePulledAt = new Map<number, number>();
  /** Agencies with a live pull asked for and not yet started: its timer, or null while it waits for a pull in flight. */
  private readonly livePullWaiting = new Map<number, NodeJS.Timeout | null>();
  private timer: NodeJS.Timeout | null = null;
  private streaming = false;

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly log: FastifyBaseLogger,
    private readonly options: MirrorOptions = { coordinate: false, refreshMs: 15_000 },
  ) {
    this.merge = new FleetMerge(db);
    this.live = new LiveDevices(db, log, {
      active: (clientId) => this.active.has(clientId),
      pull: (clientId) => this.pullLive(clientId),
    });
  }

  /** Upserts the agencies with these external ids and returns their local ids. */
  async syncClients(externalIds: readonly string[]): Promise<number[]> {
    if (externalIds.length === 0) return [];
    const remote = await this.provider.listClients(externalIds);
    const ids: number[] = [];
    for (const c of remote) {
      const id = await upsertClient(this.db, c);
      if (id !== null) ids.push(id);
    }
    return ids;
  }

  /** Notes that an agency is in use, so its statuses are kept fresh. */
  touch(clientId: number): void {
    this.active.set(clientId, Date.now());
  }

  /**
   * Pulls one agency's fleet now (after any pull of it another process is making). A pull of it
   * already running here may have read the platform before the caller asked (a unit just powered
   * on, a device just moved there): it is waited for, then the fleet is pulled again, so what this
   * answers is never older than the question.
   */
  async syncFleet(clientId: number): Promise<void> {
    const running = this.inFlight.get(clientId);
    if (running) await running.catch(() => undefined);
    return this.pull(clientId, true, never);
  }

  /** Starts pulling in the background the agencies just signed in to, unless pulled moments ago. */
  pullSoon(clientIds: readonly number[]): void {
    for (const id of clientIds) {
      this.touch(id);
      this.pull(id, false, this.freshEnough).catch((err: unknown) => this.warn(id, err));
    }
  }

  /**
   * Resolves once the agency has been pulled at least once, waiting for (or making) its first
   * pull, so a list never answers an agency not yet mirrored as empty. 503 when that pull fails.
   */
  async ready(clientId: number): Promise<void> {
    if (this.mirrored.has(clientId)) return;
    let age = await lastPullAgeMs(this.db, clientId);
    if (age === undefined) return;
    // A pull already running here may have been one that skipped (another process held the
    // lock); then the second round waits for that process's pull, or makes the first one.
    for (let round = 0; age === null && round < 2; round += 1) {
      try {
        await this.pull(clientId, true, (a) => a !== null);
      } catch (err) {
        if (err instanceof ProviderUnavailableError)
          throw new AppError(503, 'PROVIDER_UNAVAILABLE', PROVIDER_DOWN);
        throw err;
      }
      if (this.mirrored.has(clientId)) return;
      age = await lastPullAgeMs(this.db, clientId);
    }
    if (age === null) throw new AppError(503, 'PROVIDER_UNAVAILABLE', PROVIDER_DOWN);
    this.mirrored.add(clientId);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.refreshActive(), this.options.refreshMs);
    this.timer.unref();
    // A platform that pushes its changes (Traccar's socket): devices it tells in full are written
    // at once; agencies where something changed that it cannot tell are pulled.
    this.provider.watch?.({
      changed: (externalIds) => {
        this.pullChanged(externalIds).catch((err: unknown) => this.warn(0, err));
      },
      devicesUpdated: (updates) => this.live.receive(updates),
      streaming: (open) => (this.streaming = open),
    });
  }

  /** Pulls the agencies in use among these (null: all in use), each at most once per LIVE_PULL_GAP_MS. */
  async pullChanged(externalIds: readonly string[] | null): Promise<void> {
    // All of them: a resync after a gap in the stream, whose earlier updates are not replayed.
    if (externalIds === null) this.live.forget();
    const ids = externalIds === null ? [...this.active.keys()] : await findClientIds(this.db, externalIds);
    for (const id of ids) if (this.active.has(id)) this.pullLive(id);
  }

  /** A pull the live stream asked for: now, or when the gap since its last one is over (coalesced). */
  private pullLive(clientId: number): void {
    if (this.livePullWaiting.has(clientId)) return;
    const go = () => {
      this.livePullWaiting.set(clientId, null);
      // A pull already running may have read the platform before this change: pull again after it.
      const running = this.inFlight.get(clientId);
      void (running ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          // The gap counts from when the platform is read, not from when the pull was asked for: a
          // pull that waited for the one in flight would otherwise leave less than the gap before
          // the next. Changes that come meanwhile are read by this pull.
          this.livePullWaiting.delete(clientId);
          this.livePulledAt.set(clientId, Date.now());
          return this.pull(clientId, false, never);
        })
        .catch((err: unknown) => this.warn(clientId, err));
    };
    const wait = (this.livePulledAt.get(clientId) ?? -Infinity) + LIVE_PULL_GAP_MS - Date.now();
    if (wait <= 0) return go();
    const timer = setTimeout(go, wait);
    timer.unref();
    this.livePullWaiting.set(clientId, timer);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timer of this.livePullWaiting.values()) if (timer) clearTimeout(timer);
    this.livePullWaiting.clear();
    await this.live.stop();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Pulls the agencies in use, skipping those another process is pulling or has just pulled. */
  async refreshActive(): Promise<void> {
    const now = Date.now();
    for (const [clientId, at] of this.active) {
      if (now - at > ACTIVE_WINDOW_MS) {
        this.active.delete(clientId);
        continue;
      }
      try {
        await this.pull(clientId, false, this.freshEnough);
      } catch (err) {
        this.warn(clientId, err);
      }
    }
  }

  private readonly freshEnough: SkipWhen = (age) =>
    age !== null && age < (this.streaming ? STREAMING_REFRESH_MS : this.options.refreshMs) * 0.8;

  /**
   * One pull of an agency at a time in this process: a second caller shares the running one,
   * unless that one gave way to another process's pull (`busy`) and this caller must wait for it.
   */
  private pull(clientId: number, wait: boolean, skip: SkipWhen): Promise<void> {
    const running = this.inFlight.get(clientId);
    if (running)
      return running.then((outcome) =>
        outcome === 'busy' && wait ? this.pull(clientId, wait, skip) : undefined,
      );
    const p = outsideRequestTransaction(() =>
      this.slots.run(async (): Promise<PullOutcome> => {
        let outcome: PullOutcome = 'skipped';
        const work = async () => {
          const age = await lastPullAgeMs(this.db, clientId);
          if (age === undefined || skip(age)) return;
          await this.pullFleet(clientId);
          outcome = 'pulled';
        };
        if (!this.options.coordinate) await work();
        else if (!(await withPullLock(this.db, clientId, wait, work))) outcome = 'busy';
        return outcome;
      }),
    ).finally(() => this.inFlight.delete(clientId));
    this.inFlight.set(clientId, p);
    return p.then(() => undefined);
  }

  private async pullFleet(clientId: number): Promise<void> {
    const client = await findClientRow(this.db, clientId);
    if (!client) return;
    const startedAt = Date.now();
    const [vehicles, systems, devices] = await Promise.all([
      this.provider.listVehicles(client.externalId),
      this.provider.listDeviceSystems(client.externalId),
      this.provider.listDevices(client.externalId),
    ]);
    const changed = await this.merge.apply(clientId, { vehicles, systems, devices }, (externalId) =>
      this.live.heard(client.externalId, externalId),
    );
    await markClientSynced(this.db, clientId, changed);
    announceLocalChange(clientId);
    this.mirrored.add(clientId);
    // Live updates that came while the platform was read may be older in this pull: again.
    await this.live.afterPull(clientId, client.externalId, startedAt);
  }

  private warn(clientId: number, err: unknown): void {
    this.log.warn({ clientId, err: err instanceof Error ? err.message : String(err) }, 'fleet pull failed');
  }
}
