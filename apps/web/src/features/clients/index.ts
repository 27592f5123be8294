/**
 * The clients feature's public entry: what other features may use. Other features import the
 * clients feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { clientQueryOptions, useClient } from './api/get-client.ts';
export { useFleetOverview } from './api/get-fleet-overview.ts';
