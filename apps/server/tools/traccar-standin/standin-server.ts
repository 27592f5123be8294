import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { handleApi, type StandinEvents } from './standin-api.ts';
import { loginToken } from './standin-auth.ts';
import { standinControl, type WriteRecord } from './standin-controls.ts';
import { startFirehose, type FirehoseOptions, type WatcherIndex } from './standin-firehose.ts';
import { seedStandin, type StandinSeedOptions } from './standin-seed.ts';
import { tcDate, type StandinState, type TcDevice, type TcStatus } from './standin-state.ts';
import { JavaError, cookieSession, javaTrace, readBody, send, type WireRequest } from './standin-wire.ts';

export type { WriteRecord } from './standin-controls.ts';

export interface StandinOptions extends StandinSeedOptions {
  port?: number;
  host?: string;
  /** Seconds between the socket's `{}` keep-alive messages (Traccar: 55). */
  keepaliveMs?: number;
  state?: StandinState;
}

/**
 * A Traccar stand-in: the REST API and the socket of a Traccar 6.14.5 server (or an older
 * `version`), with the behaviour its Java code has (see shared/data/README.md, "Traccar"): users'
 * and the server's restrictions, expiring and revocable tokens, the service account
 * (`serviceAccountToken`), TOTP sign-in, disabled and expired users. Plus what tests need:
 * status changes, delays, going down and coming back on the same port, the writes received (with
 * who made each), and the `/__standin/` controls listed in standin-controls.ts.
 */
export class TraccarStandin {
  readonly state: StandinState;
  /** Every write (POST, PUT, DELETE under /api) answered, in order. */
  readonly writes: WriteRecord[] = [];
  /** How many reads (GET under /api) each path was asked, for tests that count Traccar's load. */
  readonly reads = new Map<string, number>();
  /** Writes received so far, answered or not yet (a write waits `writeDelayMs` before it is applied). */
  writesReceived = 0;
  writeDelayMs = 0;
  readDelayMs = 0;
  private server: Server | null = null;
  private readonly sockets = new Map<WebSocket, number>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private keepalive: NodeJS.Timeout | null = null;
  private boundPort = 0;
  private readonly events: StandinEvents = { device: (d) => this.broadcastDevice(d) };
  /** While a firehose runs: who receives each device's messages, indexed once a second. */
  private watcherIndex: WatcherIndex | null = null;

  constructor(private readonly options: StandinOptions = {}) {
    this.state = options.state ?? seedStandin(options);
    if (options.state && options.version) this.state.version = options.version;
    if (options.state && options.serviceAccountToken)
      this.state.serviceAccountToken = options.serviceAccountToken;
  }

  get port(): number {
    return this.boundPort;
  }
  get url(): string {
    return `http://127.0.0.1:${String(this.boundPort)}`;
  }
  /** Sockets open now. */
  get socketCount(): number {
    return this.sockets.size;
  }
  get up(): boolean {
    return this.server !== null;
  }

  async start(): Promise<this> {
    if (this.server) return this;
    const server = createServer((req, res) => {
      void this.onRequest(req).then((answer) => send(res, answer));
    });
    // Jetty keeps idle connections 30 s; Node's 5 s default resets sockets a client is reusing.
    server.keepAliveTimeout = 30_000;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.onUpgrade(req, socket, head),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort || this.options.port || 0, this.options.host ?? '127.0.0.1', () =>
        resolve(),
      );
    });
    const address = server.address();
    this.boundPort = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
    this.keepalive = setInterval(() => {
      for (const ws of this.sockets.keys()) ws.send('{}');
    }, this.options.keepaliveMs ?? 55_000);
    this.keepalive.unref();
    return this;
  }

  /** Goes down: the port closes, open connections and sockets are cut. The state is kept. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    if (this.keepalive) clearInterval(this.keepalive);
    for (const ws of this.sockets.keys()) ws.terminate();
    this.sockets.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A unit reports in: its status (and a fresh position when online) reach the linked sockets. */
  setStatus(uniqueId: string, status: TcStatus, attributes: Record<string, unknown> = {}): TcDevice {
    const device = this.state.deviceByUniqueId(uniqueId);
    if (!device) throw new Error(`No device ${uniqueId}`);
    device.status = status;
    if (status === 'online') {
      const now = Date.now();
      device.lastUpdate = tcDate(now);
      const pid = this.state.newId();
      const position = {
        id: pid,
        deviceId: device.id,
        protocol: 'osmand',
        deviceTime: tcDate(now),
        fixTime: tcDate(now),
        serverTime: tcDate(now),
        valid: true,
        latitude: 45.52,
        longitude: -122.68,
        altitude: 30,
        speed: 0,
        course: 0,
        address: null,
        accuracy: 0,
        network: null,
        geofenceIds: null,
        attributes: { sat: 9, rssi: 24, power: 13.1, battery: 4.1, ignition: true, hdop: 0.8, ...attributes },
      };
      this.state.positions.set(pid, position);
      device.positionId = pid;
      this.broadcast(device.id, { positions: [position] });
    }
    this.broadcastDevice(device);
    return device;
  }

  /** Every unit reports every `seconds` (standin-firehose.ts); returns the stop. */
  firehose(options: FirehoseOptions): () => void {
    return startFirehose(this, options, (index) => (this.watcherIndex = index));
  }

  private broadcastDevice(device: TcDevice): void {
    this.broadcast(device.id, { devices: [device] });
  }

  private broadcast(deviceId: number, message: unknown): void {
    if (this.sockets.size === 0) return;
    const watchers = new Set(this.watcherIndex?.(deviceId) ?? this.state.watchers(deviceId));
    const text = JSON.stringify(message);
    for (const [ws, user] of this.sockets) if (watchers.has(user)) ws.send(text);
  }

  /**
   * AsyncSocketServlet: since 6.2 a `?token=` signs in (LoginService.login(token): refused when
   * expired, revoked or of a disabled user; the service account's too) and then the cookie is not
   * read; otherwise the session cookie's user (not checked for disabled). Before 6.2 only the cookie.
   */
  private socketUser(req: IncomingMessage, url: URL): number | undefined {
    const token = url.searchParams.get('token');
    if (token !== null && this.state.atLeast('6.2')) {
      try {
        return loginToken(this.state, token)?.userId;
      } catch {
        return undefined;
      }
    }
    const sid = cookieSession(req.headers);
    return sid ? this.state.sessions.get(sid) : undefined;
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://standin');
    const user = url.pathname === '/api/socket' ? this.socketUser(req, url) : undefined;
    if (user === undefined) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.set(ws, user);
      ws.on('close', () => this.sockets.delete(ws));
      const latest = this.state.linkedDevices(user).flatMap((d) => {
        const p = this.state.positions.get(d.positionId);
        return p ? [p] : [];
      });
      ws.send(JSON.stringify({ positions: latest }));
    });
  }

  private async onRequest(req: IncomingMessage) {
    const url = new URL(req.url ?? '/', 'http://standin');
    const wire: WireRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
    };
    if (wire.path.startsWith('/__standin/')) return this.control(wire);
    if (wire.method === 'GET') this.reads.set(wire.path, (this.reads.get(wire.path) ?? 0) + 1);
    const write = wire.method !== 'GET' && !wire.path.startsWith('/api/session');
    if (write) this.writesReceived += 1;
    const delay = write ? this.writeDelayMs : this.readDelayMs;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const answer = handleApi(this.state, wire, this.events);
      if (write)
        this.writes.push({
          method: wire.method,
          path: wire.path,
          body: wire.body,
          at: Date.now(),
          userId: wire.userId ?? null,
        });
      return answer;
    } catch (err) {
      if (err instanceof JavaError)
        return { status: 400, text: javaTrace(err.exception, err.message, err.frames, err.causedBy) };
      return { status: 500, text: javaTrace('java.lang.RuntimeException', String(err)) };
    }
  }

  /** Test and demo controls (not part of Traccar), listed in standin-controls.ts. */
  private control(req: WireRequest) {
    return standinControl(this, req);
  }
}

/** Starts a stand-in on a free port (tests) or the given one. */
export function startTraccarStandin(options: StandinOptions = {}): Promise<TraccarStandin> {
  return new TraccarStandin(options).start();
}
