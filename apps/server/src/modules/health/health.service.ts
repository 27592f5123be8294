import type { Db } from '../../db/client.ts';
import { countPendingPushes } from './health.repository.ts';

export interface Health {
  status: 'ok' | 'degraded';
  database: 'pglite' | 'postgres';
  databaseOk: boolean;
  provider: 'simulator' | 'http';
  pendingPushes: number;
  uptimeSeconds: number;
}

/** Liveness and readiness: the database answers, and how many pushes wait. */
export class HealthService {
  constructor(
    private readonly db: Db,
    private readonly kinds: { database: Health['database']; provider: Health['provider'] },
  ) {}

  async check(): Promise<Health> {
    let databaseOk = true;
    let pendingPushes = 0;
    try {
      pendingPushes = await countPendingPushes(this.db);
    } catch {
      databaseOk = false;
    }
    return {
      status: databaseOk ? 'ok' : 'degraded',
      database: this.kinds.database,
      databaseOk,
      provider: this.kinds.provider,
      pendingPushes,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
