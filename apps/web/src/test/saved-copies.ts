import { hashKey, onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { set } from 'idb-keyval';
import { onTestFinished, vi } from 'vitest';
import { restoreSavedCopies, SAVED_COPY_PREFIX } from '../lib/offline/saved-copies.ts';
import type { SavedShape } from '../lib/offline/saved-copy-shapes.ts';

/**
 * The shape the app's kept queries name, by the start of their key (the app's own queries say it
 * in their options; a test's copy is written without them).
 */
function shapeOfKey(queryKey: QueryKey): SavedShape {
  const [path, second, third] = queryKey;
  if (path === '/api/clients')
    return second === undefined ? 'client-list' : third === 'overview' ? 'fleet-overview' : 'client';
  const byPath: Record<string, SavedShape> = {
    '/api/config/test/vehicle': 'config-test-list',
    '/api/devices': 'device-detail',
    '/api/devices/client': 'device-list',
    '/api/devices/vehicle': 'device-list',
    '/api/logs': 'log-list',
    '/api/navigator-uploads/vehicle': 'upload-item-list',
    '/api/notes/vehicle': 'note-list',
    '/api/photos/vehicle': 'photo-list',
    '/api/vehicles': 'vehicle',
    '/api/vehicles/client': 'vehicle-list',
    '/api/kept': 'vehicle-list',
  };
  return (typeof path === 'string' ? byPath[path] : undefined) ?? 'vehicle-list';
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface Copy {
  queryKey: QueryKey;
  /** The contract the data fits (saved-copy-shapes.ts); by default the one its key's query names. */
  shape?: SavedShape;
  data: unknown;
  /** How long ago the copy was fetched. */
  age: number;
}

/**
 * Copies an earlier session kept on this phone, put back into `queryClient` as app start does
 * (through the real restore). Returns the time each copy was fetched.
 */
export async function restoreCopies(queryClient: QueryClient, copies: readonly Copy[]): Promise<void> {
  const now = Date.now();
  for (const { queryKey, data, age, shape = shapeOfKey(queryKey) } of copies) {
    await set(`${SAVED_COPY_PREFIX}${hashKey(queryKey)}`, {
      queryKey,
      shape,
      data,
      dataUpdatedAt: now - age,
    });
  }
  await restoreSavedCopies(queryClient);
}

/** The copies kept on this phone now, by query key (as JSON). */
export function savedKeys(store: Map<string, unknown>): string[] {
  return [...store.keys()]
    .filter((key) => key.startsWith(SAVED_COPY_PREFIX))
    .map((key) => key.slice(SAVED_COPY_PREFIX.length));
}

/**
 * No network for the rest of this test: the browser says so (navigator.onLine, the 'offline'
 * event) and TanStack Query holds its requests ('paused'), as in the field.
 */
export function goOffline(): void {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
  onTestFinished(() => {
    onLine.mockRestore();
    onlineManager.setOnline(true);
  });
}
