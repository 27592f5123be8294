// probe: apps/server/src/modules/vehicles/probe-helper.ts
// expect: import-x/no-restricted-paths
// A module helper that is neither routes nor service (nor repository) importing the schema.
import { vehicles } from '../../db/schema/fleet.ts';

export const probe = vehicles;
