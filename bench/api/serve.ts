/**
 * The API server for the benchmark, in its own process: the built-in simulator with an extra
 * agency of 5,000 buses (about 15,000 devices, visible to `demo`), or the fleet system at
 * BENCH_FLEET_URL (bench/api/simulator.ts, as bench:api runs it), on the database given by
 * BENCH_DATABASE_URL (PostgreSQL) or an embedded PGlite, empty at start: the first sign-in
 * mirrors it. Prints one JSON line when listening; `/__bench/memory` reports its memory.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@toolkit/contracts/clients.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createFleetSimulator } from '../../apps/server/src/providers/fleet/simulator/fleet-simulator.ts';

const BUSES = Number(process.env.BENCH_BUSES ?? 5000);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
  // The fleet system in its own process (bench/api/simulator.ts), else the built-in simulator.
  const fleetUrl = process.env.BENCH_FLEET_URL ?? null;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(fleetUrl
      ? { FLEET_PROVIDER: 'http', FLEET_PROVIDER_URL: fleetUrl, FLEET_PROVIDER_TIMEOUT_MS: '30000' }
      : {}),
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  const simulator = fleetUrl
    ? null
    : createFleetSimulator({ seed: 1, extraAgencies: { count: 1, buses: BUSES } });
  // Background loops off: the figures are for the read path alone, with no refresh writing meanwhile.
  const { app, deps } = await buildApp({
    config,
    database,
    ...(simulator ? { fleet: { provider: simulator, simulator } } : {}),
    background: false,
  });
  // Memory as the process sees it: resident now, and the peak since it started.
  app.get('/__bench/memory', async () => ({
    rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (process.env.BENCH_SIGNED_IN === '1') await announceSignedIn(app, deps, port);
  // bench:api: sign-in, the first pulls and the lists are driven over HTTP by run.ts.
  else console.log(JSON.stringify({ ready: true, port }));
  const stop = () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

type Built = Awaited<ReturnType<typeof buildApp>>;

/**
 * bench:web: signs in, mirrors the benchmark agency and prints what the web benchmark needs (the
 * token, the 5,000-bus agency and the largest regular one) with the port.
 */
async function announceSignedIn(app: Built['app'], deps: Built['deps'], port: number): Promise<void> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'demo', password: 'demo-password' },
  });
  const { token } = login.json<{ token: string }>();
  const authorization = `Bearer ${token}`;
  const clients = (await app.inject({ method: 'GET', url: '/api/clients', headers: { authorization } })).json<
    Client[]
  >();
  const bench = clients.find((c) => c.name.startsWith('BENCH'));
  if (!bench) throw new Error('benchmark agency missing');
  // The web benchmark's screens show the largest regular agency (the metro one, 300+ buses).
  const metro = clients
    .filter((c) => !c.name.startsWith('BENCH'))
    .sort((a, b) => b.vehicleCount - a.vehicleCount)[0];
  if (!metro) throw new Error('no regular agency');
  const started = Date.now();
  await deps.mirror.syncFleet(bench.id);
  const counts = (
    await app.inject({ method: 'GET', url: `/api/clients/${String(bench.id)}`, headers: { authorization } })
  ).json<Client>();
  console.log(
    JSON.stringify({
      ready: true,
      port,
      token,
      clientId: bench.id,
      metroClientId: metro.id,
      vehicles: counts.vehicleCount,
      devices: counts.deviceCount,
      mirrorMs: Date.now() - started,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
