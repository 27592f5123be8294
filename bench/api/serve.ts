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
  const { app } = await buildApp({
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
  // Sign-in, the first pulls and the lists are driven over HTTP by run.ts.
  console.log(JSON.stringify({ ready: true, port }));
  const stop = () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
