import { afterEach } from 'vitest';

/**
 * An in-memory stand-in for IndexedDB through 'idb-keyval' (jsdom has no IndexedDB), installed for
 * every test file by vitest.setup.ts. A test that looks into the store takes it with
 * `const store = installIdbStore();`. Values are copied in and out, as IndexedDB clones them.
 */
const store = new Map<string, unknown>();

export const idbKeyvalMock = {
  get: (key: string): Promise<unknown> => Promise.resolve(structuredClone(store.get(key))),
  set: (key: string, value: unknown): Promise<void> => {
    store.set(key, structuredClone(value));
    return Promise.resolve();
  },
  del: (key: string): Promise<void> => {
    store.delete(key);
    return Promise.resolve();
  },
  keys: (): Promise<string[]> => Promise.resolve([...store.keys()]),
};

/** The store behind the mock, emptied after every test of the file (call it at the top level). */
export function installIdbStore(): Map<string, unknown> {
  afterEach(() => store.clear());
  return store;
}
