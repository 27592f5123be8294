import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { queryRows } from '../../db/query.ts';
import type { Api } from '../../lib/types.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseOk: z.boolean(),
  provider: z.enum(['simulator', 'http']),
  pendingPushes: z.number().int(),
  /** Rows from the fleet system left out of the mirror (did not fit) and texts cleaned of control characters. */
  remoteRowsSkipped: z.number().int(),
  remoteValuesSanitized: z.number().int(),
  uptimeSeconds: z.number(),
});

export function healthRoutes(app: Api, deps: AppDeps): void {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['operations'],
        summary: 'Liveness and readiness',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      let databaseOk = true;
      let pendingPushes = 0;
      try {
        const [row] = await queryRows<{ n: number }>(
          deps.db,
          sql`select count(*)::int as n from outbox where status in ('pending', 'processing')`,
        );
        pendingPushes = Number(row?.n ?? 0);
      } catch {
        databaseOk = false;
      }
      const body = {
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        database: deps.dbKind,
        databaseOk,
        provider: deps.config.fleet.kind,
        pendingPushes,
        remoteRowsSkipped: deps.remoteData.stats().rowsSkipped,
        remoteValuesSanitized: deps.remoteData.stats().valuesSanitized,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(databaseOk ? 200 : 503).send(body);
    },
  );
}
