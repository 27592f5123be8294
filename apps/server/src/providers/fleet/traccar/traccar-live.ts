import WebSocket from 'ws';
import type { FleetChangeListener } from '../fleet-provider.ts';
import type { TraccarHttp } from './traccar-http.ts';
import { TcDeviceSchema, TcPositionSchema, TcSocketMessageSchema, parseRows } from './traccar-schemas.ts';
import type { TraccarWorld } from './traccar-world.ts';

export interface TraccarLiveOptions {
  token: string;
  /** While the socket is down, every agency in use is pulled this often (default 5 s). */
  pollMs?: number;
  /** Changes are gathered this long before the agencies are told (default 150 ms). */
  debounceMs?: number;
}

/**
 * Live statuses from Traccar's socket (`/api/socket?token=`): its `devices` and `positions`
 * messages name the agencies whose mirror must be pulled now. While the socket is down the
 * agencies are polled; when it is back, everything is read again over REST (a change may have
 * been missed meanwhile).
 */
export class TraccarLive {
  private ws: WebSocket | null = null;
  private listener: FleetChangeListener | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private flush: NodeJS.Timeout | null = null;
  private readonly pending = new Set<string>();
  private everAll = false;
  private attempts = 0;
  private stopped = false;
  /** True while the socket is open. */
  connected = false;

  constructor(
    private readonly http: TraccarHttp,
    private readonly world: TraccarWorld,
    private readonly options: TraccarLiveOptions,
  ) {}

  start(listener: FleetChangeListener): void {
    this.listener = listener;
    this.stopped = false;
    this.open();
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

  private open(): void {
    if (this.stopped) return;
    const url = `${this.http.baseUrl.replace(/^http/, 'ws')}/api/socket?token=${encodeURIComponent(this.options.token)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.on('open', () => {
      this.connected = true;
      this.attempts = 0;
      this.stopPolling();
      // Back after a gap: read everything again over REST.
      this.everything();
      this.http.log.info({ traccar: this.http.baseUrl }, 'Traccar socket connected: live statuses');
    });
    ws.on('message', (data: Buffer) => this.onMessage(data.toString('utf8')));
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.ws !== ws) return;
      const was = this.connected;
      this.connected = false;
      this.ws = null;
      if (this.stopped) return;
      if (was)
        this.http.log.warn({ traccar: this.http.baseUrl }, 'Traccar socket closed: polling until it is back');
      this.startPolling();
      this.attempts += 1;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(this.attempts, 6));
      this.reconnect = setTimeout(() => this.open(), delay);
      this.reconnect.unref();
    });
  }

  private onMessage(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const message = TcSocketMessageSchema.safeParse(value);
    if (!message.success) return;
    const bad = () => undefined;
    const groups = this.world.knownGroups();
    const agencyOf = (groupId: number): string | null => {
      const group = groups.get(groupId);
      if (!group) return null;
      return String(group.groupId === 0 ? group.id : group.groupId);
    };
    const deviceGroups = this.world.knownDeviceGroups();
    for (const d of parseRows(TcDeviceSchema, message.data.devices ?? [], bad)) {
      this.note(agencyOf(d.groupId ?? 0));
      // Moved in Traccar's own screens: the agency it left changed too.
      const before = deviceGroups.get(d.id);
      if (before !== undefined && before !== d.groupId) this.note(agencyOf(before));
    }
    for (const p of parseRows(TcPositionSchema, message.data.positions ?? [], bad)) {
      this.world.notePosition(p);
      const groupId = deviceGroups.get(p.deviceId);
      this.note(groupId === undefined ? null : agencyOf(groupId));
    }
  }

  /** An agency changed (null: a device not known yet, so every agency). */
  private note(agency: string | null): void {
    if (agency === null) this.everAll = true;
    else this.pending.add(agency);
    this.flush ??= setTimeout(() => {
      this.flush = null;
      this.world.invalidate();
      const all = this.everAll;
      const ids = [...this.pending];
      this.pending.clear();
      this.everAll = false;
      if (all) this.listener?.changed(null);
      else if (ids.length > 0) this.listener?.changed(ids);
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
