// probe: apps/web/src/lib/probe.ts
// expect: import-x/no-restricted-paths
// lib/ importing app/.
import type { Screen } from '../app/route-table.ts';

export type Probe = Screen;
