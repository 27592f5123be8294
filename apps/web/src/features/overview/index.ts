/**
 * The overview feature's public entry: what other features may use. Other features import the
 * overview feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { clientQueryOptions, useClient } from './api/get-client.ts';
export { fleetOverviewQueryOptions } from './api/get-fleet-overview.ts';
