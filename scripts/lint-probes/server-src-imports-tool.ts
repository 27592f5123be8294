// probe: apps/server/src/providers/fleet/probe.ts
// expect: import-x/no-restricted-paths
// The product's source importing a test and demo tool (the Traccar stand-in).
import { TraccarStandin } from '../../../tools/traccar-standin/standin-server.ts';

export const probe = TraccarStandin;
