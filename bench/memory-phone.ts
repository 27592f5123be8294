/**
 * The phone of bench:memory (bench/memory.ts): signed in as demo on its largest agency, reading what
 * the web app reads on the agency's screens at its intervals.
 */
import type { Client } from '@toolkit/contracts/clients.ts';
import { FLEET_DEVICES_REFETCH_MS, VEHICLE_LIST_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { REVISION_HEADER } from '@toolkit/contracts/list-delta.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One phone signed in as demo on its largest agency, reading what the web app reads on the
 * agency's screens at its intervals: the fleet overview and the device list every 15 s, the
 * vehicle list every 30 s, the lists by delta from their revision (decision 022) and with the
 * ETag the browser would send.
 */
export class Phone {
  private token = '';
  private clientId = 0;
  private readonly revisions = new Map<string, string>();
  private readonly etags = new Map<string, string>();
  private nextFast: number | null = null;
  private nextSlow: number | null = null;
  requests = 0;
  failures = 0;

  constructor(private readonly base: string) {}

  async signIn(): Promise<{ agency: string; vehicles: number; devices: number }> {
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    });
    if (!res.ok) throw new Error(`sign-in answered ${String(res.status)}`);
    this.token = ((await res.json()) as { token: string }).token;
    // The agency list waits for the first pulls of the user's agencies.
    const clients = (await (await this.get('/api/clients')).json()) as Client[];
    const largest = [...clients].sort((a, b) => b.vehicleCount - a.vehicleCount)[0];
    if (!largest) throw new Error('demo sees no agency');
    this.clientId = largest.id;
    return {
      agency: largest.fullName ?? largest.name,
      vehicles: largest.vehicleCount,
      devices: largest.deviceCount,
    };
  }

  private async get(url: string): Promise<Response> {
    this.requests += 1;
    const etag = this.etags.get(url);
    const res = await fetch(`${this.base}${url}`, {
      headers: { authorization: `Bearer ${this.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    if (res.status >= 400) this.failures += 1;
    const next = res.headers.get('etag');
    if (next) this.etags.set(url, next);
    return res;
  }

  private async list(kind: 'devices' | 'vehicles'): Promise<void> {
    const path = `/api/${kind}/client/${String(this.clientId)}`;
    const since = this.revisions.get(kind);
    const res = await this.get(since === undefined ? path : `${path}?since=${since}`);
    const revision = res.headers.get(REVISION_HEADER);
    if (res.status === 200 && revision) this.revisions.set(kind, revision);
    await res.arrayBuffer();
  }

  private async overview(): Promise<void> {
    await (await this.get(`/api/clients/${String(this.clientId)}/overview`)).arrayBuffer();
  }

  /** The agency opened: its overview and both lists, whole. */
  open(): Promise<unknown> {
    return Promise.all([this.overview(), this.list('devices'), this.list('vehicles')]);
  }

  /**
   * Polls until `until` (performance.now()), as the screens' refetch intervals do; successive calls
   * keep one schedule, counted from the first.
   */
  async poll(until: number): Promise<unknown> {
    const now = performance.now();
    this.nextFast ??= now + FLEET_DEVICES_REFETCH_MS;
    this.nextSlow ??= now + VEHICLE_LIST_REFETCH_MS;
    for (;;) {
      const next = Math.min(this.nextFast, this.nextSlow);
      if (next > until) return sleep(Math.max(0, until - performance.now()));
      await sleep(Math.max(0, next - performance.now()));
      const work: Promise<void>[] = [];
      if (next === this.nextFast) {
        work.push(this.overview(), this.list('devices'));
        this.nextFast += FLEET_DEVICES_REFETCH_MS;
      }
      if (next === this.nextSlow) {
        work.push(this.list('vehicles'));
        this.nextSlow += VEHICLE_LIST_REFETCH_MS;
      }
      await Promise.all(work.map((w) => w.catch(() => void (this.failures += 1))));
    }
  }
}
