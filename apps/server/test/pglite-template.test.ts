import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { findTemplate, templateVersion, unpackTemplate } from '../src/db/pglite-template.ts';
import { queryRows } from '../src/db/query.ts';
import { installedPgliteVersion } from '../tools/pglite-template.ts';

/**
 * A new PGlite data folder is written from the cluster template beside the migrations instead of
 * PGlite's initdb (decision 054), and PGlite runs with 32 MB of shared buffers. Each database here
 * is PGlite in a folder of its own, whatever database the rest of the suite runs on.
 */
describe('PGlite cluster template', () => {
  const template = findTemplate(migrationsFolder);

  it('was made by the installed PGlite release (else: npx tsx apps/server/tools/pglite-template.ts)', () => {
    expect(template).not.toBeNull();
    expect(templateVersion(template ?? '')).toBe(installedPgliteVersion());
  });

  it('starts a new data folder, which a later start resumes with its rows', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-template-'));
    const first = await openDatabase({ databaseUrl: null, dataDir });
    const [settings] = await queryRows<{ shared_buffers: string }>(first.db, sql`show shared_buffers`);
    expect(settings?.shared_buffers).toBe('32MB');
    // Migrated like every other database, and written to its folder.
    expect(await queryRows(first.db, sql`select id from users`)).toEqual([]);
    await first.db.execute(sql`create table kept (word text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    // Written beside and renamed into place: nothing half-written is left.
    expect(readdirSync(dataDir)).toEqual(['pglite']);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const second = await openDatabase({ databaseUrl: null, dataDir });
    expect(await queryRows(second.db, sql`select word from kept`)).toEqual([{ word: 'still here' }]);
    await second.close();
  });

  it('leaves a folder that holds anything as it is, and a damaged template leaves nothing', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'toolkit-template-')), 'pglite');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'something'), 'x');
    expect(unpackTemplate(template ?? '', dir)).toBe(false);
    expect(readdirSync(dir)).toEqual(['something']);

    const damaged = path.join(path.dirname(dir), 'damaged.tar.br');
    writeFileSync(damaged, 'not brotli');
    const fresh = path.join(path.dirname(dir), 'fresh');
    expect(() => unpackTemplate(damaged, fresh)).toThrow();
    expect(readdirSync(path.dirname(dir)).sort()).toEqual(['damaged.tar.br', 'pglite']);
  });
});
