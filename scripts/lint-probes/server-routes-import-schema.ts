// probe: apps/server/src/modules/vehicles/probe.routes.ts
// expect: import-x/no-restricted-paths
// A routes file importing the database schema.
import { vehicles } from '../../db/schema/tables.ts';

export const probe = vehicles;
