import { useSyncExternalStore } from 'react';
import { getSelectedClientId, subscribeStorage } from './storage.ts';

export function useSelectedClientId(): number | null {
  return useSyncExternalStore(subscribeStorage, getSelectedClientId, getSelectedClientId);
}
