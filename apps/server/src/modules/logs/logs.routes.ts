import {
  CreateLogInputSchema,
  InstallationLogListSchema,
  InstallationLogSchema,
  LogQuerySchema,
} from '@toolkit/contracts/logs.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { createdRecord } from '../../lib/route-schemas.ts';
import type { Api } from '../../lib/types.ts';
import { LogsService } from './logs.service.ts';

export function logRoutes(app: Api, deps: AppDeps): void {
  const logs = new LogsService(deps.db);

  app.get(
    '/logs',
    {
      schema: {
        tags: ['installation'],
        summary:
          "The installation log of the user's agencies (newest first, at most 500); ?vehicleId= narrows it",
        querystring: LogQuerySchema,
        response: { 200: InstallationLogListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { vehicleId } = request.query;
      if (vehicleId === undefined) return logs.list(user, undefined);
      // One bus's log (decision 051): it depends on who asks too (their agencies, their entries).
      return deps.busReads.send(request, reply, {
        vehicleId,
        user,
        kind: `logs:${String(user.id)}:${user.clientIds.join(',')}`,
        schema: InstallationLogListSchema,
        load: () => logs.list(user, vehicleId),
        // Not the user's bus: the user's own entries on it, as before, read each time.
        otherwise: () => logs.list(user, vehicleId),
      });
    },
  );

  app.post(
    '/logs',
    {
      schema: {
        tags: ['installation'],
        summary: 'Add an installation log entry',
        body: CreateLogInputSchema,
        response: createdRecord(InstallationLogSchema),
      },
    },
    async (request, reply) => reply.status(201).send(await logs.add(requireUser(request), request.body)),
  );
}
