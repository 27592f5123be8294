import { createServer, type Server } from 'node:http';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraccarHttp } from '../src/providers/fleet/traccar/traccar-http.ts';
import { TraccarLive, socketTakesToken } from '../src/providers/fleet/traccar/traccar-live.ts';
import { TraccarWorld } from '../src/providers/fleet/traccar/traccar-world.ts';
import { STANDIN_ADMIN_TOKEN } from '../tools/traccar-standin/standin-seed.ts';
import { TraccarStandin } from '../tools/traccar-standin/standin-server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TraccarLive on its own, with a log that records what it says. */
function live(baseUrl: string, token: string, version: string) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const http = new TraccarHttp({ baseUrl, token, timeoutMs: 2000, log });
  const socket = new TraccarLive(http, new TraccarWorld(http, 1000), { version: () => version });
  socket.start({ changed: () => undefined, devicesUpdated: () => undefined });
  const said = (level: 'warn' | 'error') =>
    log[level].mock.calls.filter(([, msg]) => msg === 'Traccar socket not open').length;
  return { socket, said };
}

describe('Traccar socket: a failed upgrade', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const done of cleanup.splice(0)) await done();
  });

  it('a 404 is logged once however often it is tried again, and said in the state', async () => {
    let upgrades = 0;
    const server: Server = createServer((_req, res) => res.writeHead(404).end());
    server.on('upgrade', (_req, s: import('node:stream').Duplex) => {
      upgrades += 1;
      s.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { socket, said } = live(`http://127.0.0.1:${String(port)}`, 'token', '6.14.5');
    cleanup.push(() => socket.stop());
    await sleep(3500);
    expect(upgrades).toBeGreaterThanOrEqual(3);
    expect(said('warn')).toBe(1);
    expect(socket.socketState()).toEqual({
      connected: false,
      mode: 'polling',
      problem: expect.stringMatching(/no socket at \/api\/socket \(404\)/) as string,
    });
  });

  it('before 6.2, a token that makes no session is logged once and said: statuses poll', async () => {
    const standin = await new TraccarStandin({ vehicles: [1, 1, 1], version: '6.1.0' }).start();
    cleanup.push(() => standin.stop());
    const { socket, said } = live(standin.url, 'not-a-token', '6.1.0');
    cleanup.push(() => socket.stop());
    await sleep(3500);
    expect(said('error')).toBe(1);
    expect(standin.socketCount).toBe(0);
    expect(socket.socketState()).toEqual({
      connected: false,
      mode: 'polling',
      problem: expect.stringMatching(/takes no token on its socket and gave no session.*polled/) as string,
    });
  });

  it('before 6.2, the token’s session opens the socket', async () => {
    const standin = await new TraccarStandin({ vehicles: [1, 1, 1], version: '6.1.0' }).start();
    cleanup.push(() => standin.stop());
    const { socket } = live(standin.url, STANDIN_ADMIN_TOKEN, '6.1.0');
    cleanup.push(() => socket.stop());
    await expect.poll(() => socket.socketState().connected, { timeout: 3000 }).toBe(true);
    expect(standin.socketCount).toBe(1);
  });

  it('6.2 and later take the token on the socket; earlier versions do not', () => {
    expect(['6.14.5', '6.2.0', '7.0', 'unknown'].map((v) => socketTakesToken(v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['6.1.3', '5.12', '4.15'].map((v) => socketTakesToken(v))).toEqual([false, false, false]);
    expect(socketTakesToken(null)).toBe(true);
  });
});

describe('Traccar stand-in: the firehose', () => {
  it('every unit reports every N seconds (a positions and a devices message each); a few change status', async () => {
    const standin = await new TraccarStandin({ vehicles: [4, 1, 1] }).start();
    const ws = new WebSocket(
      `ws://127.0.0.1:${String(standin.port)}/api/socket?token=${STANDIN_ADMIN_TOKEN}`,
    );
    // The first message is the latest positions of every linked device (AsyncSocket.onWebSocketOpen).
    await new Promise((resolve) => ws.once('message', resolve));
    const heard = new Map<number, { lastUpdates: string[]; positions: number }>();
    const of = (id: number) => {
      const held = heard.get(id) ?? { lastUpdates: [], positions: 0 };
      heard.set(id, held);
      return held;
    };
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as {
        devices?: { id: number; lastUpdate: string }[];
        positions?: { deviceId: number }[];
      };
      for (const d of m.devices ?? []) of(d.id).lastUpdates.push(d.lastUpdate);
      for (const p of m.positions ?? []) of(p.deviceId).positions += 1;
    });
    const online = [...standin.state.devices.values()].filter((d) => d.status === 'online');
    const positionsBefore = standin.state.positions.size;
    const changed = new Set<number>();
    const stop = standin.firehose({ seconds: 1, statusShare: 0.1, onStatus: (d) => changed.add(d.id) });
    // Two rounds of reports heard from every unit that kept its status (about 2 s; longer on a
    // loaded machine), and at least one status change (a tenth of turns: two rounds of a small
    // fleet can pass without one, so it is waited for, not assumed), then a moment for the
    // messages on their way.
    const twiceFromEvery = () => {
      const steady = online.filter((d) => !changed.has(d.id) && heard.has(d.id));
      return changed.size > 0 && steady.length > 5 && steady.every((d) => of(d.id).lastUpdates.length >= 2);
    };
    await expect.poll(twiceFromEvery, { timeout: 20_000, interval: 100 }).toBe(true);
    stop();
    await sleep(300);
    ws.close();
    await standin.stop();
    const steady = online.filter((d) => !changed.has(d.id) && heard.has(d.id));
    expect(steady.length).toBeGreaterThan(5);
    for (const d of steady) {
      const seen = of(d.id);
      expect(seen.lastUpdates.length).toBeGreaterThanOrEqual(2);
      expect(seen.positions).toBe(seen.lastUpdates.length);
    }
    expect(changed.size).toBeGreaterThan(0);
    // The position a report replaces is dropped: a long run does not grow.
    expect(standin.state.positions.size).toBeLessThanOrEqual(positionsBefore + changed.size);
  });
});
