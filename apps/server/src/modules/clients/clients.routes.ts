import { ClientListSchema, ClientSchema, FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { IdParamSchema } from '@toolkit/contracts/errors.ts';
import { assertClientAccess, requireUser, type AppDeps } from '../../app-deps.ts';
import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import { notFound } from '../../lib/app-error.ts';
import { RevisionMemo } from '../../lib/revision-cache.ts';
import type { Api } from '../../lib/types.ts';
import {
  clientRevisions,
  clientSyncedAt,
  fleetOverview,
  listClientsWithCounts,
} from './clients.repository.ts';

export function clientRoutes(app: Api, deps: AppDeps): void {
  // Counts are recomputed only when an agency's revision moved (every change to its vehicles or
  // devices bumps it), so a busy client list costs one indexed lookup per request.
  const counts = new RevisionMemo<Client>();
  const overviews = new RevisionMemo<Omit<FleetOverview, 'lastSyncedAt'>>();

  async function clientsWithCounts(ids: readonly number[]): Promise<Client[]> {
    const revisions = await clientRevisions(deps.db, ids);
    const missing = revisions.filter((r) => counts.get(r.id, r.revision) === undefined);
    if (missing.length > 0) {
      const fresh = await listClientsWithCounts(
        deps.db,
        missing.map((r) => r.id),
      );
      for (const c of fresh) counts.set(c.id, missing.find((r) => r.id === c.id)?.revision ?? -1, c);
    }
    return revisions.flatMap((r) => {
      const c = counts.get(r.id, r.revision);
      return c ? [c] : [];
    });
  }
  app.get(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        summary: "The user's agencies with vehicle, device and online counts",
        response: { 200: ClientListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      for (const id of user.clientIds) deps.mirror.touch(id);
      return clientsWithCounts(user.clientIds);
    },
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
    async (request) => {
      const user = requireUser(request);
      assertClientAccess(user, request.params.id);
      deps.mirror.touch(request.params.id);
      const [client] = await clientsWithCounts([request.params.id]);
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
      const id = request.params.id;
      const [revision] = await clientRevisions(deps.db, [id]);
      if (!revision) throw notFound('Client');
      const overview =
        overviews.get(id, revision.revision) ??
        overviews.set(id, revision.revision, await fleetOverview(deps.db, id));
      return { ...overview, lastSyncedAt: await clientSyncedAt(deps.db, id) };
    },
  );
}
