// probe: apps/web/src/features/workspace/components/probe.tsx
// expect: import-x/no-restricted-paths
// A climbing import past another feature's index.ts.
import { vehiclesQueryOptions } from '../../../features/vehicles/api/get-vehicles.ts';

export const probe = vehiclesQueryOptions;
