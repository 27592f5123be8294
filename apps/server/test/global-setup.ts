import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data-directory dump with every migration applied ('' on the PostgreSQL pass). */
    pgliteTemplateFile: string;
    /** A PostgreSQL database with every migration applied, for `create database … template` ('' on PGlite). */
    postgresTemplateDatabase: string;
  }
}

/**
 * Migrates one database before the server's test files start, and hands it to them (decision 047):
 * each file then starts from a copy instead of creating and migrating its own. On PGlite the copy is
 * a data-directory dump loaded into memory; on PostgreSQL, a `create database … template`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolkit-template-'));
    const file = path.join(dir, 'pglite.tar');
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    project.provide('postgresTemplateDatabase', '');
    return () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
  const name = `toolkit_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'unused' });
  await database.close();
  project.provide('pgliteTemplateFile', '');
  project.provide('postgresTemplateDatabase', name);
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
