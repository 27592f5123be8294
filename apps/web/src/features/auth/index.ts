/**
 * The auth feature's public entry: what other features may use. Other features import the auth
 * feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { useCurrentUser } from './session-store.ts';
export { useLogout } from './hooks/use-logout-flow.tsx';
