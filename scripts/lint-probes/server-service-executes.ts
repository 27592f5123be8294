// probe: apps/server/src/modules/vehicles/probe.service.ts
// expect: no-restricted-syntax
// A service running a statement on the database.
import type { Db } from '../../db/client.ts';

export class ProbeService {
  constructor(private readonly db: Db) {}
  count(statement: Parameters<Db['execute']>[0]) {
    return this.db.execute(statement);
  }
}
