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
    async (request) => logs.list(requireUser(request), request.query.vehicleId),
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
