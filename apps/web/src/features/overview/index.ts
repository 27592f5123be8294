// The overview feature's public surface for other features and the app shell.
export { clientQueryOptions, useClient } from './api/get-client.ts';
export { OverviewScreen } from './components/overview-screen.tsx';
