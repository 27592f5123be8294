import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAfterUnauthorized,
  clearSelectedClientId,
  clearSession,
  getRequestToken,
  getSelectedClientId,
  getToken,
  setSelectedClientId,
  setToken,
} from './storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('token storage (§4)', () => {
  it('with remember-me keeps the token in local and session storage', () => {
    setToken('t-remember', true);
    expect(localStorage.getItem('token')).toBe('t-remember');
    expect(sessionStorage.getItem('token')).toBe('t-remember');
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(getToken()).toBe('t-remember');
  });

  it('without remember-me keeps it for the session, also written persistently with the flag false', () => {
    setToken('t-session', false);
    expect(sessionStorage.getItem('token')).toBe('t-session');
    expect(localStorage.getItem('token')).toBe('t-session');
    expect(localStorage.getItem('rememberMe')).toBe('false');
    expect(getToken()).toBe('t-session');
  });

  it('reads persistent storage first when remember-me is on', () => {
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('token', 'persistent');
    sessionStorage.setItem('token', 'session');
    expect(getToken()).toBe('persistent');
  });

  it('reads session storage first when remember-me is off, never the persistent copy', () => {
    localStorage.setItem('rememberMe', 'false');
    localStorage.setItem('token', 'persistent');
    sessionStorage.setItem('token', 'session');
    expect(getToken()).toBe('session');
    sessionStorage.removeItem('token');
    expect(getToken()).toBeNull();
  });

  it('requests carry the persistent token first, else the session one (§7)', () => {
    sessionStorage.setItem('token', 'session');
    expect(getRequestToken()).toBe('session');
    localStorage.setItem('token', 'persistent');
    expect(getRequestToken()).toBe('persistent');
  });

  it('falls back to memory with a warning when storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => setToken('in-memory', false)).not.toThrow();
    expect(getToken()).toBe('in-memory');
    expect(getRequestToken()).toBe('in-memory');
    expect(warn).toHaveBeenCalled();
  });
});

describe('selected client (§4)', () => {
  it('is stored in both storages and can be cleared', () => {
    setSelectedClientId(7);
    expect(localStorage.getItem('selectedClientId')).toBe('7');
    expect(sessionStorage.getItem('selectedClientId')).toBe('7');
    expect(getSelectedClientId()).toBe(7);
    clearSelectedClientId();
    expect(localStorage.getItem('selectedClientId')).toBeNull();
    expect(sessionStorage.getItem('selectedClientId')).toBeNull();
    expect(getSelectedClientId()).toBeNull();
  });
});

describe('clearing', () => {
  it('a 401 clears token and selected client from both storages but keeps remember-me', () => {
    setToken('t', true);
    setSelectedClientId(3);
    clearAfterUnauthorized();
    for (const area of [localStorage, sessionStorage]) {
      expect(area.getItem('token')).toBeNull();
      expect(area.getItem('selectedClientId')).toBeNull();
    }
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(getToken()).toBeNull();
  });

  it('logout clears token, selected client and remember-me everywhere', () => {
    setToken('t', true);
    setSelectedClientId(3);
    clearSession();
    for (const area of [localStorage, sessionStorage]) {
      expect(area.getItem('token')).toBeNull();
      expect(area.getItem('selectedClientId')).toBeNull();
      expect(area.getItem('rememberMe')).toBeNull();
    }
    expect(getToken()).toBeNull();
    expect(getSelectedClientId()).toBeNull();
  });
});
