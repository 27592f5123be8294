import type { User } from '@toolkit/contracts/auth.ts';
import { useSyncExternalStore } from 'react';
import { setOutboxOwner } from '../../lib/outbox/owner.ts';
import { getToken, subscribeStorage } from '../../lib/storage.ts';

/** The signed-in user, held in memory only: after a reload it comes back from /api/auth/verify. */
let currentUser: User | null = null;
const listeners = new Set<() => void>();

export function setCurrentUser(user: User | null): void {
  currentUser = user;
  setOutboxOwner(user && { id: user.id, name: user.name });
  for (const listener of listeners) listener();
}

export function getCurrentUser(): User | null {
  return currentUser;
}

/** Calls `listener` whenever the user is set or cleared; returns how to stop. */
export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** No user in a prerendered page: the app hydrates it as drawn, then shows the user (decision 034). */
const noUserYet = () => null;

export function useCurrentUser(): User | null {
  return useSyncExternalStore(subscribeUser, getCurrentUser, noUserYet);
}

export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeStorage, getToken, getToken);
}
