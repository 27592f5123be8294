// probe: apps/server/src/db/schema/support.ts
// expect: import-x/no-cycle
// A schema file importing the gathering file that re-exports it (the old support.ts <-> tables.ts).
import { users } from './tables.ts';

export const probe = users;
