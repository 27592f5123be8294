// probe: apps/web/src/lib/probe.ts
// expect: import-x/no-restricted-paths
// A relative import into apps/server.
import { AppError } from '../../../server/src/lib/app-error.ts';

export const probe = AppError;
