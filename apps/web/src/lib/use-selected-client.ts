import { useState, useSyncExternalStore } from 'react';
import { getSelectedClientId, subscribeStorage } from './storage.ts';

export function useSelectedClientId(): number | null {
  return useSyncExternalStore(subscribeStorage, getSelectedClientId, getSelectedClientId);
}

/**
 * The selected client of a client-scoped screen. Such a screen is rendered only under the route
 * guard 'a client must be selected' (app/layouts/require-client.tsx), which shows the 'No Client
 * Selected' card instead; reaching here without a client is a routing mistake. When the selection
 * is cleared while the screen is shown, the guard replaces it; until then it keeps its client.
 */
export function useClientId(): number {
  const clientId = useSelectedClientId();
  const [first] = useState(clientId);
  const id = clientId ?? first;
  if (id === null) {
    throw new Error('A client must be selected: render this screen under the RequireClient route guard');
  }
  return id;
}
