import { STORAGE_KEYS } from '@toolkit/contracts/constants.ts';

/**
 * Token and selected-client storage, exactly as spec §4.
 * Every access is guarded: a storage that throws (private mode, quota, disabled) falls back to an
 * in-memory copy with a console warning only.
 */
type Area = 'local' | 'session';

const memory: { token: string | null; selectedClientId: number | null } = {
  token: null,
  selectedClientId: null,
};
const listeners = new Set<() => void>();

function area(which: Area): Storage {
  return which === 'local' ? window.localStorage : window.sessionStorage;
}

function read(which: Area, key: string): string | null {
  try {
    return area(which).getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from ${which}Storage; using memory`, error);
    return null;
  }
}

function write(which: Area, key: string, value: string): void {
  try {
    area(which).setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to ${which}Storage; keeping it in memory`, error);
  }
}

function remove(which: Area, key: string): void {
  try {
    area(which).removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from ${which}Storage`, error);
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Subscribe to token or selected-client changes (for useSyncExternalStore). */
export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isRememberMe(): boolean {
  return read('local', STORAGE_KEYS.rememberMe) === 'true';
}

/** With remember-me: local and session storage. Without: session storage, and local with the flag false. */
export function setToken(token: string, rememberMe: boolean): void {
  memory.token = token;
  write('local', STORAGE_KEYS.rememberMe, String(rememberMe));
  write('local', STORAGE_KEYS.token, token);
  write('session', STORAGE_KEYS.token, token);
  notify();
}

/** Persistent storage first when remember-me is on; otherwise session storage; then memory. */
export function getToken(): string | null {
  if (isRememberMe()) {
    return read('local', STORAGE_KEYS.token) ?? read('session', STORAGE_KEYS.token) ?? memory.token;
  }
  return read('session', STORAGE_KEYS.token) ?? memory.token;
}

/** The token an API request carries (§7): persistent storage first, else session storage, else memory. */
export function getRequestToken(): string | null {
  return read('local', STORAGE_KEYS.token) ?? read('session', STORAGE_KEYS.token) ?? memory.token;
}

export function setSelectedClientId(clientId: number): void {
  memory.selectedClientId = clientId;
  write('local', STORAGE_KEYS.selectedClientId, String(clientId));
  write('session', STORAGE_KEYS.selectedClientId, String(clientId));
  notify();
}

function parseClientId(value: string | null): number | null {
  if (value === null) return null;
  const id = Number.parseInt(value, 10);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function getSelectedClientId(): number | null {
  return (
    parseClientId(read('session', STORAGE_KEYS.selectedClientId)) ??
    parseClientId(read('local', STORAGE_KEYS.selectedClientId)) ??
    memory.selectedClientId
  );
}

export function clearSelectedClientId(): void {
  memory.selectedClientId = null;
  remove('local', STORAGE_KEYS.selectedClientId);
  remove('session', STORAGE_KEYS.selectedClientId);
  notify();
}

/** A 401 answer (§4): token and selected client go from both storages; no redirect here. */
export function clearAfterUnauthorized(): void {
  memory.token = null;
  memory.selectedClientId = null;
  for (const which of ['local', 'session'] as const) {
    remove(which, STORAGE_KEYS.token);
    remove(which, STORAGE_KEYS.selectedClientId);
  }
  notify();
}

/** Logout (§4): token, selected client and remember-me go from both storages. */
export function clearSession(): void {
  memory.token = null;
  memory.selectedClientId = null;
  for (const which of ['local', 'session'] as const) {
    remove(which, STORAGE_KEYS.token);
    remove(which, STORAGE_KEYS.selectedClientId);
    remove(which, STORAGE_KEYS.rememberMe);
  }
  notify();
}
