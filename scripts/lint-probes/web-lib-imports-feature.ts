// probe: apps/web/src/lib/probe.ts
// expect: import-x/no-restricted-paths
// Shared code importing a feature.
import { useVehicle } from '../features/vehicles/index.ts';

export const probe = useVehicle;
