// probe: apps/web/src/features/vehicles/components/probe.tsx
// expect: import-x/no-restricted-paths
// A feature importing app/ (the composition root).
import type { Screen } from '../../../app/route-table.ts';

export type Probe = Screen;
