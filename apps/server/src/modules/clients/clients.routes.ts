import { ClientListSchema, ClientSchema, FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { IdParamSchema } from '@toolkit/contracts/errors.ts';
import { assertClientAccess, requireUser, type AppDeps } from '../../app-deps.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Api } from '../../lib/types.ts';
import { clientSyncedAt, fleetOverview, listClientsWithCounts } from './clients.repository.ts';

export function clientRoutes(app: Api, deps: AppDeps): void {
  app.get(
    '/clients',
    { schema: { tags: ['clients'], summary: "The user's agencies with vehicle, device and online counts", response: { 200: ClientListSchema } } },
    async (request) => {
      const user = requireUser(request);
      for (const id of user.clientIds) deps.mirror.touch(id);
      return listClientsWithCounts(deps.db, user.clientIds);
    },
  );

  app.get(
    '/clients/:id',
    { schema: { tags: ['clients'], summary: 'One agency', params: IdParamSchema, response: { 200: ClientSchema } } },
    async (request) => {
      const user = requireUser(request);
      assertClientAccess(user, request.params.id);
      deps.mirror.touch(request.params.id);
      const [client] = await listClientsWithCounts(deps.db, [request.params.id]);
      if (!client) throw notFound('Client');
      return client;
    },
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
    async (request) => {
      const user = requireUser(request);
      assertClientAccess(user, request.params.id);
      deps.mirror.touch(request.params.id);
      const [counts, lastSyncedAt] = await Promise.all([
        fleetOverview(deps.db, request.params.id),
        clientSyncedAt(deps.db, request.params.id),
      ]);
      return { ...counts, lastSyncedAt };
    },
  );
}
