import WebSocket from 'ws';
import { ProviderUnavailableError, type FleetChangeListener } from '../fleet-provider.ts';
import type { TraccarHttp } from './traccar-http.ts';
import { LiveMessages, batchIsEmpty, emptyBatch } from './traccar-live-messages.ts';
import type { TraccarWorld } from './traccar-world.ts';

interface TraccarLiveOptions {
  /** While the socket is down, every agency in use is pulled this often (default 5 s). */
  pollMs?: number;
  /** Changes are gathered this long before the mirror is told (default 150 ms). */
  debounceMs?: number;
  /** Traccar's version once the start-up check read it (before 6.2 the socket takes no `?token=`). */
  version?: () => string | null;
}

/** The socket as `/api/health` shows it: open or not, why not, and how statuses arrive meanwhile. */
export interface LiveSocketState {
  connected: boolean;
  problem: string | null;
  mode: 'socket' | 'polling';
}

const POLLING = 'live statuses are polled every few seconds until it opens';

/** Traccar 6.2 and later open the socket by `?token=`; before, only a session cookie does. */
export function socketTakesToken(version: string | null): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!m) return true;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 6 || (major === 6 && minor >= 2);
}

/** Why an upgrade failed, as one kind (logged once) and a sentence (shown in /api/health). */
function failure(err: Error | null, byCookie: boolean): { kind: string; problem: string; refused: boolean } {
  const status = /Unexpected server response: (\d+)/.exec(err?.message ?? '')?.[1];
  if (status === '401' || status === '403')
    return {
      kind: status,
      refused: true,
      problem: byCookie
        ? `Traccar refused the session made with TRACCAR_TOKEN on its socket (${status}): ${POLLING}`
        : `Traccar refused TRACCAR_TOKEN on its socket (${status}): ${POLLING}`,
    };
  if (status === '404')
    return {
      kind: status,
      refused: false,
      problem: `Traccar has no socket at /api/socket (404): ${POLLING}`,
    };
  if (status)
    return { kind: status, refused: false, problem: `Traccar's socket answered ${status}: ${POLLING}` };
  return { kind: 'unreachable', refused: false, problem: `Traccar's socket cannot be reached: ${POLLING}` };
}

/**
 * Live statuses from Traccar's socket (`/api/socket?token=`, or a session cookie before 6.2). Its
 * messages are applied to the mirror as they come (`devicesUpdated`); only what a message cannot
 * tell (a device or group not known yet) asks for a pull of its agency (`changed`). While the
 * socket is down the agencies are polled; when it is back, everything is read again over REST (a
 * change may have been missed meanwhile). A failed upgrade is logged once per kind and shown in
 * /api/health until the socket opens.
 */
export class TraccarLive {
  private ws: WebSocket | null = null;
  private listener: FleetChangeListener | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private flush: NodeJS.Timeout | null = null;
  private batch = emptyBatch();
  private readonly messages: LiveMessages;
  private readonly logged = new Set<string>();
  private attempts = 0;
  private stopped = false;
  private problem: string | null = null;
  /** True while the socket is open. */
  connected = false;

  constructor(
    private readonly http: TraccarHttp,
    private readonly world: TraccarWorld,
    private readonly options: TraccarLiveOptions = {},
  ) {
    this.messages = new LiveMessages(world);
  }

  socketState(): LiveSocketState {
    return { connected: this.connected, problem: this.problem, mode: this.connected ? 'socket' : 'polling' };
  }

  start(listener: FleetChangeListener): void {
    this.listener = listener;
    this.stopped = false;
    this.openSoon();
    this.startPolling();
  }

  stop(): void {
    this.stopped = true;
    for (const t of [this.reconnect, this.poll, this.flush]) if (t) clearTimeout(t);
    this.reconnect = this.poll = this.flush = null;
    this.ws?.terminate();
    this.ws = null;
    this.connected = false;
  }

  /** Says why the socket is not open: in /api/health always, in the log once per kind. */
  private fail(kind: string, problem: string, level: 'warn' | 'error'): void {
    this.problem = problem;
    if (this.logged.has(kind)) return;
    this.logged.add(kind);
    this.http.log[level]({ traccar: this.http.baseUrl, problem }, 'Traccar socket not open');
  }

  /** Before Traccar 6.2: a session opened with the token (`GET /api/session?token=`), as its cookie. */
  private async sessionCookie(version: string | null): Promise<string | null> {
    const polling = `Traccar ${version ?? ''} takes no token on its socket and`;
    try {
      const answer = await this.http.call('/session', {
        query: { token: this.http.adminToken() },
        accept: [400, 401, 403, 404],
        anonymous: true,
      });
      const cookie = /JSESSIONID=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0];
      if (answer.status === 200 && cookie) return cookie;
      this.fail(
        `session-${String(answer.status)}`,
        `${polling} gave no session for TRACCAR_TOKEN (${String(answer.status)}): ${POLLING}`,
        'error',
      );
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      this.fail('unreachable', `Traccar cannot be reached: ${POLLING}`, 'warn');
    }
    return null;
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    const version = this.options.version?.() ?? null;
    const byToken = socketTakesToken(version);
    const cookie = byToken ? null : await this.sessionCookie(version);
    if (this.isStopped()) return;
    if (!byToken && !cookie) {
      this.retry();
      return;
    }
    const base = `${this.http.baseUrl.replace(/^http/, 'ws')}/api/socket`;
    const ws = cookie
      ? new WebSocket(base, { headers: { cookie } })
      : new WebSocket(`${base}?token=${encodeURIComponent(this.http.adminToken())}`);
    this.ws = ws;
    let error: Error | null = null;
    let opened = false;
    ws.on('open', () => {
      opened = this.connected = true;
      this.attempts = 0;
      this.problem = null;
      this.logged.clear();
      this.stopPolling();
      this.listener?.streaming?.(true);
      // Back after a gap: read everything again over REST.
      this.everything();
      this.http.log.info({ traccar: this.http.baseUrl }, 'Traccar socket connected: live statuses');
    });
    ws.on('message', (data: Buffer) => this.onMessage(data.toString('utf8')));
    ws.on('error', (err) => {
      error = err;
    });
    ws.on('close', () => {
      if (cookie)
        void this.http
          .call('/session', { method: 'DELETE', cookie, accept: [401, 404] })
          .catch(() => undefined);
      if (this.ws !== ws) return;
      this.connected = false;
      this.ws = null;
      if (this.stopped) return;
      if (opened) {
        this.listener?.streaming?.(false);
        this.problem = `Traccar's socket closed: ${POLLING}`;
        this.http.log.warn({ traccar: this.http.baseUrl }, 'Traccar socket closed: polling until it is back');
      } else {
        const why = failure(error, cookie !== null);
        this.fail(why.kind, why.problem, why.refused ? 'error' : 'warn');
      }
      this.retry();
    });
  }

  /** Read after an await (stop() may have run meanwhile). */
  private isStopped(): boolean {
    return this.stopped;
  }

  private retry(): void {
    if (this.stopped) return;
    this.startPolling();
    this.attempts += 1;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(this.attempts, 6));
    this.reconnect = setTimeout(() => this.openSoon(), delay);
    this.reconnect.unref();
  }

  private openSoon(): void {
    this.open().catch((err: unknown) => {
      this.fail('error', `Traccar's socket could not be opened (${String(err)}): ${POLLING}`, 'error');
      this.retry();
    });
  }

  private onMessage(text: string): void {
    if (!this.messages.read(text, this.batch) || batchIsEmpty(this.batch)) return;
    this.flush ??= setTimeout(() => {
      this.flush = null;
      const { updates, pulls, all } = this.batch;
      this.batch = emptyBatch();
      const listener = this.listener;
      if (!listener) return;
      if (updates.size > 0) {
        if (listener.devicesUpdated) listener.devicesUpdated([...updates.values()]);
        else for (const u of updates.values()) pulls.add(u.clientExternalId);
      }
      if (!all && pulls.size === 0) return;
      // Something the messages cannot tell: the pull reads Traccar's lists again.
      this.world.invalidate();
      listener.changed(all ? null : [...pulls]);
    }, this.options.debounceMs ?? 150);
  }

  private everything(): void {
    this.world.invalidate();
    this.listener?.changed(null);
  }

  private startPolling(): void {
    if (this.poll || this.stopped) return;
    const tick = () => {
      this.poll = setTimeout(() => {
        if (!this.connected) this.everything();
        if (!this.connected && !this.stopped) tick();
        else this.poll = null;
      }, this.options.pollMs ?? 5000);
      this.poll.unref();
    };
    tick();
  }

  private stopPolling(): void {
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
  }
}
