// probe: apps/server/src/lib/probe.ts
// expect: import-x/no-restricted-paths
// lib/ importing a module.
import { VehiclesService } from '../modules/vehicles/vehicles.service.ts';

export const probe = VehiclesService;
