import type { Db } from '../../db/client.ts';
import type { RemoteDataStats } from '../../providers/fleet/guarded-provider.ts';
import type { PlatformState } from '../../providers/fleet/traccar/traccar-link.ts';
import { countPendingPushes } from './health.repository.ts';

interface Health {
  status: 'ok' | 'degraded';
  database: 'pglite' | 'postgres';
  databaseOk: boolean;
  provider: 'simulator' | 'http' | 'traccar';
  pendingPushes: number;
  /** Rows from the fleet system left out of the mirror and texts cleaned of control characters. */
  remoteRowsSkipped: number;
  remoteValuesSanitized: number;
  uptimeSeconds: number;
  platform?: PlatformState;
}

/** Liveness and readiness: the database answers, and how many pushes wait. */
export class HealthService {
  constructor(
    private readonly db: Db,
    private readonly kinds: { database: Health['database']; provider: Health['provider'] },
    private readonly remoteData: { stats(): RemoteDataStats },
    private readonly platform: { platform(): PlatformState } | null = null,
  ) {}

  async check(): Promise<Health> {
    let databaseOk = true;
    let pendingPushes = 0;
    try {
      pendingPushes = await countPendingPushes(this.db);
    } catch {
      databaseOk = false;
    }
    const platform = this.platform?.platform();
    return {
      status: databaseOk && platform?.reachable !== false ? 'ok' : 'degraded',
      database: this.kinds.database,
      databaseOk,
      provider: this.kinds.provider,
      pendingPushes,
      remoteRowsSkipped: this.remoteData.stats().rowsSkipped,
      remoteValuesSanitized: this.remoteData.stats().valuesSanitized,
      uptimeSeconds: Math.round(process.uptime()),
      ...(platform ? { platform } : {}),
    };
  }
}
