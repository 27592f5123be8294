import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/query.ts';
import { createFleetSimulator } from '../src/providers/fleet/simulator/fleet-simulator.ts';
import { createSimulatorServer } from '../src/providers/fleet/simulator/simulator-server.ts';
import { DEMO_PASSWORD } from './helpers.ts';

/**
 * Crash drill (issue 11, points 3 and 5): the server as a child process on a temporary database,
 * the fleet simulator over HTTP; a burst of writes with Idempotency-Keys, SIGKILL mid-burst,
 * restart, and retries with the same keys. Every write lands exactly once locally and at the
 * fleet system, and no key is left stuck. The retries come at once after the restart and each
 * goes through on its first try: a key the crash cut is released because its holder died
 * (decision 038), never after the lease (the default 30 s here).
 */
const LEASE_MS = 30_000;
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s: Server = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('crash drill', () => {
  const sim = createFleetSimulator({ seed: 7 });
  const simServer = createSimulatorServer(sim);
  let env: Record<string, string>;
  let base = '';
  let child: ChildProcess | null = null;
  let dropDatabase: () => Promise<void> = async () => undefined;
  let openForChecks: () => ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => simServer.listen(0, '127.0.0.1', resolve));
    const simPort = (simServer.address() as AddressInfo).port;
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-crash-'));
    env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      FLEET_PROVIDER: 'http',
      FLEET_PROVIDER_URL: `http://127.0.0.1:${String(simPort)}`,
      IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
      VPIC_BASE_URL: 'http://127.0.0.1:9/unreachable',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };
    openForChecks = () => openDatabase({ databaseUrl: null, dataDir });
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const name = `toolkit_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      env.DATABASE_URL = dbUrl.toString();
      openForChecks = () => openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'unused' });
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await new Promise<void>((resolve) => simServer.close(() => resolve()));
    await dropDatabase();
  });

  async function startServer(): Promise<void> {
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: 'ignore' });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('server did not start');
  }
  async function kill(signal: NodeJS.Signals): Promise<void> {
    const proc = child;
    if (!proc) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    await exited;
    child = null;
  }

  it('applies every write exactly once across SIGKILL and retries, with no key stuck', async () => {
    await startServer();
    const call = async (method: string, url: string, token: string | null, body?: object, key?: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer: unknown = await res.json().catch(() => null);
      return { status: res.status, body: answer };
    };
    const session = (await call('POST', '/api/auth/login', null, {
      username: 'demo',
      password: DEMO_PASSWORD,
    })) as { body: { token: string; user: { clientIds: number[] } } };
    const token = session.body.token;
    const clientId = session.body.user.clientIds[0] ?? 0;
    await call('POST', '/api/devices/sync', token, { clientId });
    const vehicles = (await call('GET', `/api/vehicles/client/${String(clientId)}`, token)).body as Vehicle[];
    const devices = (await call('GET', `/api/devices/client/${String(clientId)}`, token)).body as Device[];
    const targets = vehicles.filter((v) => !v.isLocal).slice(0, 10);
    const spares = devices.filter((d) => d.vehicleId === null && d.navigatorDeviceId).slice(0, 10);
    const noteVehicle = targets[0];
    if (!noteVehicle || spares.length < 10) throw new Error('fixture: spares and vehicles');

    const run = randomBytes(3).toString('hex');
    const writes = [
      ...Array.from({ length: 30 }, (_, i) => ({
        key: `drill-${run}-note-${String(i)}`,
        url: '/api/notes',
        body: { vehicleId: noteVehicle.id, noteType: 'general', content: `drill ${run} note ${String(i)}` },
      })),
      ...spares.map((d, i) => ({
        key: `drill-${run}-assign-${String(i)}`,
        url: '/api/devices/assign',
        body: { deviceIds: [d.deviceId], vehicleId: targets[i]?.id ?? noteVehicle.id, clientId },
      })),
    ];
    let acknowledged = 0;
    const burst = writes.map((w) =>
      call('POST', w.url, token, w.body, w.key).then(
        (r) => {
          if (r.status < 300) acknowledged += 1;
        },
        () => undefined,
      ),
    );
    // Kill the server mid-burst: some writes answered, some in flight, some never received.
    const started = Date.now();
    while (acknowledged < 8 && Date.now() - started < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await kill('SIGKILL');
    await Promise.all(burst);

    await startServer();
    let retried = 0;
    for (const w of writes) {
      const status = (await call('POST', w.url, token, w.body, w.key)).status;
      retried += 1;
      // No 409 IDEMPOTENCY_IN_PROGRESS: nothing alive holds a key the crash cut.
      expect(status, `${w.key} at once after restart`).toBeLessThan(300);
    }
    await call('POST', '/api/devices/sync', token, { clientId });

    // Locally: each note once; each device on its target vehicle.
    const notes = (await call('GET', `/api/notes/vehicle/${String(noteVehicle.id)}`, token)).body as Note[];
    const ours = notes.filter((n) => n.content.startsWith(`drill ${run} `));
    const appliedLocally = new Set(ours.map((n) => n.content)).size;
    // At the fleet system: each device assigned once, to its target.
    let appliedRemotely = 0;
    const remoteDuplicates: string[] = [];
    for (const [i, d] of spares.entries()) {
      const remote = await sim.getDevice(d.navigatorDeviceId ?? '');
      const target = targets[i];
      const applies = sim
        .callLog()
        .filter(
          (c) =>
            c.method === 'assignDevice' &&
            c.outcome === 'ok' &&
            c.args.startsWith(`${d.navigatorDeviceId ?? ''}->`),
        );
      if (applies.length !== 1) remoteDuplicates.push(`${d.deviceId}: ${String(applies.length)}`);
      if (remote?.vehicleExternalId && remote.vehicleExternalId === (await externalIdOf(target?.id)))
        appliedRemotely += 1;
    }

    await kill('SIGTERM');
    const db = await openForChecks();
    const stuck = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from idempotency_keys where status_code is null`,
    );
    await db.close();
    const keysStuck = Number(stuck[0]?.n ?? -1);
    console.log(
      `crash drill: ${String(writes.length)} writes, ${String(acknowledged)} acknowledged before SIGKILL, ${String(retried)} retries, notes stored ${String(ours.length)} for 30 distinct (${String(appliedLocally)} distinct), at the fleet system ${String(appliedRemotely)} assignments (keyed writes ${JSON.stringify(sim.keyedWriteStats())}), keys stuck ${String(keysStuck)}`,
    );
    expect(ours.length, 'notes stored (30 expected, once each)').toBe(30);
    expect(appliedLocally).toBe(30);
    expect(remoteDuplicates).toEqual([]);
    expect(appliedRemotely).toBe(spares.length);
    expect(keysStuck).toBe(0);

    async function externalIdOf(vehicleId: number | undefined): Promise<string | null> {
      const list = (await sim.listVehicles('ag-100')).concat(await sim.listVehicles('ag-200'));
      const label = vehicles.find((v) => v.id === vehicleId)?.vehicleId;
      return list.find((v) => v.vehicleId === label)?.externalId ?? null;
    }
  }, 120_000);
});
