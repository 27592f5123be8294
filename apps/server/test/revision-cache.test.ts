import { describe, expect, it } from 'vitest';
import { jsonArrayOfPages, RevisionCache } from '../src/lib/revision-cache.ts';

describe('RevisionCache.getOrBuild', () => {
  it('builds a revision once however many requests miss it at the same time', async () => {
    const cache = new RevisionCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return [{ id: 1 }];
    };
    const entries = await Promise.all(Array.from({ length: 50 }, () => cache.getOrBuild(7, 3, load)));
    expect(loads).toBe(1);
    expect(new Set(entries).size).toBe(1);
    expect(entries[0]?.body.toString()).toBe('[{"id":1}]');
    await cache.getOrBuild(7, 3, load);
    expect(loads).toBe(1);
    await cache.getOrBuild(7, 4, load); // a new revision is built again
    expect(loads).toBe(2);
  });

  it('lets the next request try again after a build fails', async () => {
    const cache = new RevisionCache();
    const failing = () => Promise.reject(new Error('database gone'));
    await expect(cache.getOrBuild(1, 1, failing)).rejects.toThrow('database gone');
    const entry = await cache.getOrBuild(1, 1, () => Promise.resolve([]));
    expect(entry.body.toString()).toBe('[]');
  });
});

describe('jsonArrayOfPages', () => {
  it('writes exactly what JSON.stringify writes for the whole list', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i, label: `bus ${String(i)} "é"`, n: null }));
    async function* pages(size: number) {
      yield [];
      for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
      yield [];
    }
    for (const size of [1, 7, 25, 100])
      expect((await jsonArrayOfPages(pages(size))).bytes.toString()).toBe(JSON.stringify(rows));
    const none = (async function* () {})();
    expect((await jsonArrayOfPages(none)).bytes.toString()).toBe('[]');
  });
});
