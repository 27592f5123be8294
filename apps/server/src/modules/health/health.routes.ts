import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { HealthService } from './health.service.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseOk: z.boolean(),
  provider: z.enum(['simulator', 'http', 'traccar']),
  pendingPushes: z.number().int(),
  /** Rows from the fleet system left out of the mirror (did not fit) and texts cleaned of control characters. */
  remoteRowsSkipped: z.number().int(),
  remoteValuesSanitized: z.number().int(),
  uptimeSeconds: z.number(),
  /** A real platform (Traccar): its version and whether it answers. */
  platform: z
    .object({
      name: z.string(),
      version: z.string().nullable(),
      reachable: z.boolean(),
      problem: z.string().nullable(),
      /** Its live socket (Traccar): open or not, why not, and whether statuses poll meanwhile. */
      socket: z
        .object({
          connected: z.boolean(),
          problem: z.string().nullable(),
          mode: z.enum(['socket', 'polling']),
        })
        .optional(),
    })
    .optional(),
});

export function healthRoutes(app: Api, deps: AppDeps): void {
  const health = new HealthService(
    deps.db,
    { database: deps.dbKind, provider: deps.config.fleet.kind },
    deps.remoteData,
    deps.platform,
  );

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
      const body = await health.check();
      return reply.status(body.databaseOk ? 200 : 503).send(body);
    },
  );
}
