import { ClientListSchema, ClientSchema, FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { IdParamSchema } from '@toolkit/contracts/errors.ts';
import type { FastifyReply } from 'fastify';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { ClientsService } from './clients.service.ts';

/** A body the service serialised (and validated) once, sent as is. */
const sendJson = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body);

export function clientRoutes(app: Api, deps: AppDeps): void {
  const clients = new ClientsService(deps.db, deps.mirror, deps.changes);

  app.get(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        summary: "The user's agencies with vehicle, device and online counts",
        response: { 200: ClientListSchema },
      },
    },
    async (request, reply) => sendJson(reply, await clients.listBody(requireUser(request))),
  );

  app.get(
    '/clients/:id',
    {
      schema: {
        tags: ['clients'],
        summary: 'One agency',
        params: IdParamSchema,
        response: { 200: ClientSchema },
      },
    },
    async (request) => clients.get(requireUser(request), request.params.id),
  );

  app.get(
    '/clients/:id/overview',
    {
      schema: {
        tags: ['clients'],
        summary: 'Fleet overview counts: vehicles by status, devices by type',
        params: IdParamSchema,
        response: { 200: FleetOverviewSchema },
      },
    },
    async (request, reply) =>
      sendJson(reply, await clients.overviewBody(requireUser(request), request.params.id)),
  );
}
