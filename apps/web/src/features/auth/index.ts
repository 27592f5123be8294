export { useLogout } from './hooks/use-logout.ts';
export { useCurrentUser } from './session-store.ts';
