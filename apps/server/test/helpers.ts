import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { queryRows } from '../src/db/query.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import {
  createFleetSimulator,
  type FleetSimulator,
} from '../src/providers/fleet/simulator/fleet-simulator.ts';

export const DEMO_PASSWORD = 'demo-password';

export interface TestContext {
  app: App;
  deps: AppDeps;
  simulator: FleetSimulator;
  config: AppConfig;
  /** The test file's database (a second app can be built on it: another "process"). */
  database: Database;
  close(): Promise<void>;
}

let templateDump: Promise<Blob | undefined> | undefined;

/** The migrated PGlite dump of test/global-setup.ts (read once per worker); none outside that setup. */
function pgliteTemplate(): Promise<Blob | undefined> {
  templateDump ??= (async () => {
    const file = inject('pgliteTemplateFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return templateDump;
}

/** A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: 'memory://',
      loadDataDir: await pgliteTemplate(),
    });
    return { database, drop: () => database.close() };
  }
  const name = `toolkit_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplateDatabase');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'unused' });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestContext(
  overrides: Partial<Record<string, string>> = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIMULATOR_CONTROL: '1',
    VPIC_BASE_URL: 'http://127.0.0.1:9/unreachable',
    VPIC_TIMEOUT_MS: '300',
    ...overrides,
  });
  const { database, drop } = await freshDatabase();
  const simulator = createFleetSimulator({ seed: 42 });
  const { app, deps } = await buildApp({
    config,
    database,
    fleet: { provider: simulator, simulator },
    background: false,
  });
  await app.ready();
  return {
    app,
    deps,
    simulator,
    config,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export async function login(ctx: TestContext, username = 'demo', rememberMe = false): Promise<LoginResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: DEMO_PASSWORD, rememberMe },
  });
  if (res.statusCode !== 200)
    throw new Error(`login ${username} failed: ${String(res.statusCode)} ${res.body}`);
  const body = res.json<LoginResponse>();
  // Sign-in starts the first mirror of the user's agencies; wait for it so counts are stable.
  await Promise.all(body.user.clientIds.map((id) => ctx.deps.mirror.syncFleet(id)));
  return body;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function clientsOf(ctx: TestContext, token: string): Promise<Client[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
  return res.json<Client[]>();
}

/** How many installation notes hold exactly this text (a write done once is one note). */
export async function countNotesWith(db: TestContext['deps']['db'], content: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from installation_notes where content = ${content}`,
  );
  return Number(row?.n);
}
