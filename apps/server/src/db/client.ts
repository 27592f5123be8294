import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Listen } from '../lib/change-feed.ts';
import { requestScopedDb } from '../lib/request-transaction.ts';
import { listenOnPglite, listenOnPostgres } from './change-listener.ts';
import { findTemplate, unpackTemplate } from './pglite-template.ts';
import { inProcessPresence, postgresPresence, type Presence } from './presence.ts';
import * as schema from './schema/tables.ts';

type Schema = typeof schema;
/** Both drivers give the same PostgreSQL dialect; code is written against this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  /**
   * The request-scoped database (lib/request-transaction.ts, decision 015): what every service and
   * repository holds. Inside a request that holds an Idempotency-Key (on a route that is not
   * `callsOutFirst`) it is that request's transaction, so a keyed write's rows, log, outbox entry,
   * revision bump and recorded answer commit together; its push to the fleet system
   * (`outbox.pushNow`) runs after that commit (decision 035). Elsewhere (unkeyed requests,
   * `callsOutFirst` routes, background work) it is the database itself.
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Opens a listener of the change channel (decision 028): its own connection on PostgreSQL. */
  listen: Listen;
  /** Which server instances on this database are alive (decision 038). */
  presence: Presence;
  close(): Promise<void>;
}

/** The committed migrations (SQL files and drizzle's journal), and PGlite's cluster template. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL's settings in PGlite (decision 054): PGlite's own, and 32 MB of shared buffers
 * instead of the 128 MB its initdb writes. PGlite allocates and touches the whole buffer pool in
 * its WebAssembly memory at start, which never gives memory back: 128 MB cost about 150 MiB of
 * RSS from the first second, for databases that fit in a few MB (a 5,000-bus agency in tens).
 * Pages beyond the pool are read from the files, through the system's cache.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the database and applies the committed migrations.
 * PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` ('memory://' for an in-memory one).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /**
   * PGlite only: start an in-memory database from this data-directory dump (`dumpDataDir`) instead
   * of an empty one. The integration tests start every file from one migrated dump (decision 047):
   * loading it takes a fifth of creating and migrating a database. The migrations still run after,
   * so a dump that is behind only costs time.
   */
  loadDataDir?: Blob;
  /** PGlite only: the cluster template of a new data folder (tests); else the one beside the migrations. */
  template?: string | null;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is replaced on
    // the next checkout; without a listener its error would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    const url = options.databaseUrl;
    return {
      db: requestScopedDb(db),
      kind: 'postgres',
      listen: (handlers) => listenOnPostgres(url, handlers),
      presence: postgresPresence(url, pool),
      close: () => pool.end(),
    };
  }
  const client = await openPglite(options.dataDir, options.loadDataDir, options.template);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return {
    db: requestScopedDb(db),
    kind: 'pglite',
    listen: (handlers) => listenOnPglite(client, handlers),
    presence: inProcessPresence(),
    close: () => client.close(),
  };
}

/**
 * PGlite in `<dataDir>/pglite`, or in memory ('memory://', from `loadDataDir` when given). A new
 * data folder is written from the cluster template (decision 054) instead of PGlite's initdb; when
 * there is none, or PostgreSQL does not start on it (a template of another PGlite release), the
 * folder is removed and PGlite makes it as before.
 */
async function openPglite(dataDir: string, loadDataDir?: Blob, template?: string | null): Promise<PGlite> {
  const options = { startParams: PGLITE_START_PARAMS };
  if (dataDir === 'memory://')
    return loadDataDir ? PGlite.create({ ...options, loadDataDir }) : PGlite.create(dataDir, options);
  const dir = path.join(dataDir, 'pglite');
  const file = template === undefined ? findTemplate(migrationsFolder) : template;
  let fromTemplate = false;
  try {
    fromTemplate = file !== null && unpackTemplate(file, dir);
  } catch {
    // A damaged template: PGlite's initdb makes the folder instead.
  }
  if (!fromTemplate) mkdirSync(dir, { recursive: true });
  try {
    return await PGlite.create(dir, options);
  } catch (err) {
    if (!fromTemplate) throw err;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return PGlite.create(dir, options);
  }
}
