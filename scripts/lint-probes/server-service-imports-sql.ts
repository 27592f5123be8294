// probe: apps/server/src/modules/vehicles/probe.service.ts
// expect: no-restricted-imports
// A service writing SQL with drizzle's sql tag.
import { sql } from 'drizzle-orm';

export const probe = sql`select 1`;
