import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse, Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import {
  createFleetSimulator,
  type FleetSimulator,
} from '../src/providers/fleet/simulator/fleet-simulator.ts';
import { createSimulatorServer } from '../src/providers/fleet/simulator/simulator-server.ts';
import { bearer, DEMO_PASSWORD } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL ?? '';
// Included by vitest.config.ts only for the PostgreSQL pass (npm run test:pg).
if (!url) throw new Error('two-instances.pg-test.ts needs TEST_DATABASE_URL (npm run test:pg)');
type Instance = Awaited<ReturnType<typeof buildApp>> & { database: Database };

/**
 * Issue 17 (decision 021): two API instances, each with its own connection pool and memory, on
 * one PostgreSQL database and one fleet system (the simulator served over HTTP).
 */
describe('two server instances on one PostgreSQL database', () => {
  const name = `toolkit_test_${randomBytes(6).toString('hex')}`;
  let sim: FleetSimulator;
  let server: Server;
  let a: Instance;
  let b: Instance;
  let token = '';
  let metro: Client;
  let build: () => Promise<Instance> = () => Promise.reject(new Error('not set up'));

  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  const get = async <T>(i: Instance, path: string) => {
    const res = await i.app.inject({ method: 'GET', url: path, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<T>();
  };
  const calls = (method: string, args?: (a: string) => boolean) =>
    sim.callLog().filter((c) => c.method === method && c.outcome === 'ok' && (!args || args(c.args))).length;

  beforeAll(async () => {
    sim = createFleetSimulator({ seed: 42 });
    server = createSimulatorServer(sim);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await admin(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    build = async (): Promise<Instance> => {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toolkit-two-')),
        LOG_LEVEL: 'silent',
        DATABASE_URL: dbUrl.toString(),
        FLEET_PROVIDER: 'http',
        FLEET_PROVIDER_URL: `http://127.0.0.1:${String(port)}`,
      });
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'unused' });
      const built = await buildApp({ config, database, background: false });
      await built.app.ready();
      return { ...built, database };
    };
    a = await build();
    b = await build();
  });
  afterAll(async () => {
    for (const i of [a, b]) {
      await i.app.close();
      await i.database.close();
    }
    await new Promise((resolve) => server.close(resolve));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('pulls each agency once when one instance signs in and the other serves the lists', async () => {
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    token = login.json<LoginResponse>().token;
    // Instance B answers at once the lists of agencies A is still pulling: it waits for A's pull.
    const clients = await get<Client[]>(b, '/api/clients');
    const biggest = [...clients].sort((x, y) => y.vehicleCount - x.vehicleCount)[0];
    if (!biggest) throw new Error('no agency');
    metro = biggest;
    expect(metro.vehicleCount).toBeGreaterThanOrEqual(300);
    await Promise.all(clients.map((c) => a.deps.mirror.ready(c.id)));
    expect(calls('listVehicles')).toBe(clients.length);
    expect(calls('listDevices')).toBe(clients.length);
  });

  it('runs pulls of one agency one at a time across instances, without errors', async () => {
    const before = calls('listDevices');
    await Promise.all([a.deps.mirror.syncFleet(metro.id), b.deps.mirror.syncFleet(metro.id)]);
    expect(calls('listDevices')).toBe(before + 2);
  });

  it('sends each write made through either instance to the fleet system exactly once', async () => {
    const devices = await get<Device[]>(a, `/api/devices/client/${String(metro.id)}`);
    const vehicles = (await get<Vehicle[]>(a, `/api/vehicles/client/${String(metro.id)}`)).filter(
      (v) => !v.isLocal,
    );
    const spares = devices.filter((d) => d.vehicleId === null && d.navigatorDeviceId).slice(0, 6);
    expect(spares).toHaveLength(6);
    const keyed = sim.keyedWriteStats();

    // The fleet system is down while the writes are made: every push waits in the outbox.
    sim.setFailures({ outage: true });
    for (const [n, device] of spares.entries()) {
      const via = n % 2 === 0 ? a : b;
      const vehicle = vehicles[20 + n];
      if (!vehicle) throw new Error('fixture');
      const res = await via.app.inject({
        method: 'POST',
        url: '/api/devices/assign',
        headers: bearer(token),
        payload: { deviceIds: [device.deviceId], vehicleId: vehicle.id, clientId: metro.id },
      });
      expect(res.json<AssignDevicesResponse>().assignmentResults[0]).toMatchObject({ localAssigned: true });
    }
    sim.setFailures({ outage: false });
    await a.database.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);
    // Both instances drain the outbox at the same time, twice over.
    await Promise.all([a.deps.outbox.drain(), b.deps.outbox.drain(), a.deps.outbox.drain()]);
    await Promise.all([a.deps.outbox.drain(), b.deps.outbox.drain()]);

    for (const device of spares) {
      const ext = device.navigatorDeviceId ?? '';
      expect(calls('assignDevice', (args) => args.startsWith(`${ext}->`))).toBe(1);
      expect(sim.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeTruthy();
    }
    const after = sim.keyedWriteStats();
    expect(after.applied - keyed.applied).toBe(spares.length);
    expect(after.replayed - keyed.replayed).toBe(0);
  });

  it('serves the same lists from both instances', async () => {
    await a.deps.mirror.syncFleet(metro.id);
    for (const list of ['vehicles', 'devices']) {
      const path = `/api/${list}/client/${String(metro.id)}`;
      expect(await get<unknown>(b, path)).toEqual(await get<unknown>(a, path));
    }
    expect(await get<unknown>(b, '/api/clients')).toEqual(await get<unknown>(a, '/api/clients'));
  });

  it('answers 409 for a key another live instance holds, and takes it at once when that one is gone', async () => {
    // Decision 038: B's sign of life is its own connection; A sees it in pg_stat_activity.
    const [vehicle] = await get<Vehicle[]>(a, `/api/vehicles/client/${String(metro.id)}`);
    if (!vehicle) throw new Error('no vehicle');
    const { user } = await get<{ user: { id: number } }>(a, '/api/auth/verify');
    const holder = await build();
    const key = `held-${randomBytes(4).toString('hex')}`;
    await a.database.db.execute(
      sql`insert into idempotency_keys (user_id, key, method, path, holder)
          values (${user.id}, ${key}, 'POST', '/api/notes', ${holder.deps.instance.id})`,
    );
    const note = () =>
      a.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { vehicleId: vehicle.id, noteType: 'general', content: `note for ${key}` },
      });
    const whileAlive = await note();
    expect(whileAlive.statusCode).toBe(409);
    expect(whileAlive.json<{ code: string }>().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    await holder.app.close();
    await holder.database.close();
    expect((await note()).statusCode).toBe(201);
  });
});
