// probe: apps/server/src/plugins/probe.ts
// expect: import-x/no-restricted-paths
// A plugin importing a module.
import { VehiclesService } from '../modules/vehicles/vehicles.service.ts';

export const probe = VehiclesService;
