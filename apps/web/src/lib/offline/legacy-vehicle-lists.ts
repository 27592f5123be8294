import { del, keys } from 'idb-keyval';

/** Where an earlier version kept each agency's vehicle list (`vehicles:list:{id}`), now a saved copy. */
const LEGACY_LIST_PREFIX = 'vehicles:list:';

/** Deletes the vehicle lists an earlier version kept on its own (logout: nothing of the last user stays). */
export async function clearLegacyVehicleLists(): Promise<void> {
  try {
    for (const key of await keys()) {
      if (typeof key === 'string' && key.startsWith(LEGACY_LIST_PREFIX)) await del(key);
    }
  } catch (error) {
    console.warn('Could not delete the old vehicle lists', error);
  }
}
