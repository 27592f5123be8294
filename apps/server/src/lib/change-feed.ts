/**
 * The change feed (decision 028): what other processes change in the database, pushed to this one.
 * Triggers (migration 0008) `pg_notify` the channel on every change of an agency's revision or
 * last pull, of a session (revoked, deleted) and of a user, and (migration 0015) of a bus's
 * revision (decision 051); the listener (one dedicated
 * connection, `db/change-listener.ts`) hands the payloads here. While it is connected, the agency
 * states it holds and the sessions cached in memory are current; when it drops, everything is
 * forgotten at once and reads go to the database until it is back (and forgotten again on
 * reconnect, so a notification missed meanwhile never leaves stale data behind).
 */
export const CHANGE_CHANNEL = 'toolkit_changes';

/** An agency's revision and last pull, as the hot reads need them. */
export interface AgencyState {
  revision: number;
  syncedAt: string | null;
}

type SessionEvent = { kind: 'session'; id: number } | { kind: 'user'; id: number } | { kind: 'reset' };

/** Taken before a read from the database, handed back when keeping what was read. */
export interface FeedTicket {
  epoch: number;
  sessions: number;
  local: number;
}

/** What a listener does with the connection it holds. */
export interface ChangeHandlers {
  notify(payload: string): void;
  /** The listener is (again) connected and listening. */
  up(): void;
  /** The listener lost its connection; it will try again. */
  down(): void;
}

export interface ChangeListener {
  stop(): Promise<void>;
}

export type Listen = (handlers: ChangeHandlers) => Promise<ChangeListener>;

/**
 * Local commits, announced to every feed of the process: a notification reaches this process's
 * own listener a moment after the commit, so a read right after a write made here must not
 * trust the state held meanwhile. A feed forgets the agency (or the bus); the next read asks the
 * database, and a read that was under way keeps nothing.
 */
type LocalChange = { kind: 'agency'; id: number } | { kind: 'vehicle'; id: number };
const localListeners = new Set<(change: LocalChange) => void>();

export function announceLocalChange(clientId: number): void {
  for (const listener of localListeners) listener({ kind: 'agency', id: clientId });
}

/** A bus's revision moved in a commit made here (decision 051). */
export function announceLocalVehicleChange(vehicleId: number): void {
  for (const listener of localListeners) listener({ kind: 'vehicle', id: vehicleId });
}

const syncedIso = (ms: string): string | null => (ms === '' ? null : new Date(Number(ms)).toISOString());

export class ChangeFeed {
  private live = false;
  /** Moves on every (re)connect: what was read under another one is not kept. */
  private epoch = 0;
  /** Moves on every session or user change: a session read meanwhile is not cached. */
  private sessionVersion = 0;
  /**
   * Moves on every local commit announced and every bus revision let go for room: an agency or bus
   * state read meanwhile is not kept (it may be older than that commit, or than a notification
   * no longer held).
   */
  private local = 0;
  private readonly agencies = new Map<number, AgencyState>();
  /** Buses' revisions (decision 051), by vehicle id. */
  private readonly vehicles = new Map<number, number>();
  private readonly sessionListeners = new Set<(event: SessionEvent) => void>();
  private listener: ChangeListener | null = null;
  private readonly onLocalChange = (change: LocalChange) => {
    this.local += 1;
    if (change.kind === 'agency') this.agencies.delete(change.id);
    else this.vehicles.delete(change.id);
  };

  constructor(
    private readonly maxAgencies = 10_000,
    private readonly maxVehicles = 100_000,
  ) {}

  /** Starts listening (one connection); the feed is live once the listener is. */
  async start(listen: Listen): Promise<void> {
    localListeners.add(this.onLocalChange);
    this.listener = await listen({
      notify: (payload) => this.apply(payload),
      up: () => this.reset(true),
      down: () => this.reset(false),
    });
  }

  async stop(): Promise<void> {
    localListeners.delete(this.onLocalChange);
    this.reset(false);
    await this.listener?.stop();
    this.listener = null;
  }

  isLive(): boolean {
    return this.live;
  }

  /** The agency's state when the feed holds it and is live; otherwise read it from the database. */
  agency(clientId: number): AgencyState | undefined {
    return this.live ? this.agencies.get(clientId) : undefined;
  }

  /** A bus's revision when the feed holds it and is live (decision 051). */
  vehicle(vehicleId: number): number | undefined {
    return this.live ? this.vehicles.get(vehicleId) : undefined;
  }

  /** Taken before a read from the database, handed back to `remember…`/`sessionTicketHolds`. */
  ticket(): FeedTicket | null {
    return this.live ? { epoch: this.epoch, sessions: this.sessionVersion, local: this.local } : null;
  }

  /**
   * Keeps an agency state read from the database. Revisions and pulls only move forward, so the
   * newer of what is held and what was read is kept whatever order they arrive in.
   */
  rememberAgency(clientId: number, state: AgencyState, ticket: FeedTicket | null): void {
    if (!this.ticketHolds(ticket)) return;
    this.merge(clientId, state);
  }

  /** Keeps a bus's revision read from the database (the newer of it and what is held). */
  rememberVehicle(vehicleId: number, revision: number, ticket: FeedTicket | null): void {
    if (!this.ticketHolds(ticket)) return;
    this.mergeVehicle(vehicleId, revision);
  }

  /** True when no session or user changed since the ticket: a session read then may be cached. */
  sessionTicketHolds(ticket: FeedTicket | null): boolean {
    return (
      ticket !== null && this.live && ticket.epoch === this.epoch && ticket.sessions === this.sessionVersion
    );
  }

  onSessionEvent(listener: (event: SessionEvent) => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  private apply(payload: string): void {
    const [kind, a = '', b = '', c = ''] = payload.split(':');
    const id = Number(a);
    if (!Number.isSafeInteger(id)) return;
    if (kind === 'c') {
      const revision = Number(b);
      if (!Number.isSafeInteger(revision) || !/^\d*$/.test(c)) return;
      if (this.live) this.merge(id, { revision, syncedAt: syncedIso(c) });
    } else if (kind === 'v') {
      const revision = Number(b);
      if (Number.isSafeInteger(revision) && this.live) this.mergeVehicle(id, revision);
    } else if (kind === 's' || kind === 'u') {
      this.sessionVersion += 1;
      this.emit({ kind: kind === 's' ? 'session' : 'user', id });
    }
  }

  private merge(clientId: number, state: AgencyState): void {
    const held = this.agencies.get(clientId);
    const next: AgencyState = held
      ? {
          revision: Math.max(held.revision, state.revision),
          syncedAt:
            held.syncedAt === null || (state.syncedAt !== null && state.syncedAt > held.syncedAt)
              ? state.syncedAt
              : held.syncedAt,
        }
      : state;
    this.agencies.set(clientId, next);
    if (this.agencies.size > this.maxAgencies) {
      const oldest = this.agencies.keys().next();
      if (!oldest.done) this.agencies.delete(oldest.value);
    }
  }

  private mergeVehicle(vehicleId: number, revision: number): void {
    const held = this.vehicles.get(vehicleId);
    this.vehicles.delete(vehicleId);
    this.vehicles.set(vehicleId, held === undefined ? revision : Math.max(held, revision));
    if (this.vehicles.size > this.maxVehicles) {
      const oldest = this.vehicles.keys().next();
      if (!oldest.done) this.vehicles.delete(oldest.value);
      // A read under way of the bus let go could otherwise keep a revision older than its notice.
      this.local += 1;
    }
  }

  private ticketHolds(ticket: FeedTicket | null): boolean {
    return ticket !== null && this.live && ticket.epoch === this.epoch && ticket.local === this.local;
  }

  private reset(live: boolean): void {
    this.live = live;
    this.epoch += 1;
    this.sessionVersion += 1;
    this.agencies.clear();
    this.vehicles.clear();
    this.emit({ kind: 'reset' });
  }

  private emit(event: SessionEvent): void {
    for (const listener of this.sessionListeners) listener(event);
  }
}
