import { mkdirSync } from 'node:fs';
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

/** The committed migrations (SQL files and drizzle's journal). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

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
  let dataDir = options.dataDir;
  if (dataDir !== 'memory://') {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client =
    options.loadDataDir && dataDir === 'memory://'
      ? await PGlite.create({ loadDataDir: options.loadDataDir })
      : new PGlite(dataDir);
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
