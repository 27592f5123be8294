/** The in-memory stand-in for IndexedDB used by tests that mock 'idb-keyval' with it. */
export function createIdbMock(store: Map<string, unknown>) {
  return {
    get: (key: string) => Promise.resolve(structuredClone(store.get(key))),
    set: (key: string, value: unknown) => {
      store.set(key, structuredClone(value));
      return Promise.resolve();
    },
    del: (key: string) => {
      store.delete(key);
      return Promise.resolve();
    },
  };
}
