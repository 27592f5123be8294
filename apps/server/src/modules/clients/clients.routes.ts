import { ClientListSchema, ClientSchema, FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { IdParamSchema } from '@toolkit/contracts/errors.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { ClientsService } from './clients.service.ts';

export function clientRoutes(app: Api, deps: AppDeps): void {
  const clients = new ClientsService(deps.db, deps.mirror);

  app.get(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        summary: "The user's agencies with vehicle, device and online counts",
        response: { 200: ClientListSchema },
      },
    },
    async (request) => clients.list(requireUser(request)),
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
    async (request) => clients.overview(requireUser(request), request.params.id),
  );
}
