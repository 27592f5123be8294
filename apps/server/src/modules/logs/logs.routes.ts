import { z } from 'zod';
import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import {
  CreateLogInputSchema,
  InstallationLogListSchema,
  InstallationLogSchema,
} from '@toolkit/contracts/logs.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { LogsService } from './logs.service.ts';

const LogQuery = z.object({ vehicleId: z.coerce.number().int().positive().optional() });

export function logRoutes(app: Api, deps: AppDeps): void {
  const logs = new LogsService(deps.db);

  app.get(
    '/logs',
    {
      schema: {
        tags: ['installation'],
        summary:
          "The installation log of the user's agencies (newest first, at most 500); ?vehicleId= narrows it",
        querystring: LogQuery,
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
        response: { 201: InstallationLogSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await logs.add(requireUser(request), request.body)),
  );
}
