import { useSyncExternalStore } from 'react';

export type ViewMode = 'list' | 'cards';
export const VIEW_MODE_KEY = 'devicesViewMode';

/** The view a prerendered page is drawn with: the build has no phone's choice. */
const BUILD_VIEW_MODE: ViewMode = 'list';
const listeners = new Set<() => void>();
/** The choice of this visit when the storage could not keep it (private mode, quota, disabled). */
let unsaved: ViewMode | null = null;

function readViewMode(): ViewMode {
  if (unsaved !== null) return unsaved;
  try {
    return localStorage.getItem(VIEW_MODE_KEY) === 'cards' ? 'cards' : 'list';
  } catch {
    return 'list';
  }
}

function writeViewMode(next: ViewMode): void {
  try {
    localStorage.setItem(VIEW_MODE_KEY, next);
    unsaved = null;
  } catch {
    unsaved = next;
  }
  for (const listener of listeners) listener();
}

/** This tab's choices, and another tab's (the storage event). */
function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === VIEW_MODE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * List or cards, remembered on this device. A prerendered page is hydrated with the list view, as
 * the build drew it (decision 034): the phone's choice shows in the render right after.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore(subscribe, readViewMode, () => BUILD_VIEW_MODE);
  return [mode, writeViewMode];
}
