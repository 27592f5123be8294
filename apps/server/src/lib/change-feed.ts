/**
 * The change feed (decision 028): what other processes change in the database, pushed to this one.
 * Triggers (migration 0008) `pg_notify` the channel on every change of an agency's revision or
 * last pull, of a session (revoked, deleted) and of a user; the listener (one dedicated
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
 * trust the state held meanwhile. A feed forgets the agency; the next read asks the database.
 */
const localListeners = new Set<(clientId: number) => void>();

export function announceLocalChange(clientId: number): void {
  for (const listener of localListeners) listener(clientId);
}

const syncedIso = (ms: string): string | null => (ms === '' ? null : new Date(Number(ms)).toISOString());

export class ChangeFeed {
  private live = false;
  /** Moves on every (re)connect: what was read under another one is not kept. */
  private epoch = 0;
  /** Moves on every session or user change: a session read meanwhile is not cached. */
  private sessionVersion = 0;
  private readonly agencies = new Map<number, AgencyState>();
  private readonly sessionListeners = new Set<(event: SessionEvent) => void>();
  private listener: ChangeListener | null = null;
  private readonly onLocalChange = (clientId: number) => this.agencies.delete(clientId);

  constructor(private readonly maxAgencies = 10_000) {}

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

  /** Taken before a read from the database, handed back to `rememberAgency`/`sessionTicketHolds`. */
  ticket(): { epoch: number; sessions: number } | null {
    return this.live ? { epoch: this.epoch, sessions: this.sessionVersion } : null;
  }

  /**
   * Keeps an agency state read from the database. Revisions and pulls only move forward, so the
   * newer of what is held and what was read is kept whatever order they arrive in.
   */
  rememberAgency(clientId: number, state: AgencyState, ticket: { epoch: number } | null): void {
    if (!ticket || !this.live || ticket.epoch !== this.epoch) return;
    this.merge(clientId, state);
  }

  /** True when no session or user changed since the ticket: a session read then may be cached. */
  sessionTicketHolds(ticket: { epoch: number; sessions: number } | null): boolean {
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

  private reset(live: boolean): void {
    this.live = live;
    this.epoch += 1;
    this.sessionVersion += 1;
    this.agencies.clear();
    this.emit({ kind: 'reset' });
  }

  private emit(event: SessionEvent): void {
    for (const listener of this.sessionListeners) listener(event);
  }
}
