import { ClientIdParamSchema, ErrorResponseSchema, IdParamSchema } from '@toolkit/contracts/errors.ts';
import {
  CreateVehicleInputSchema,
  UpdateVehicleInputSchema,
  UpdateVehicleResponseSchema,
  VehicleListDeltaSchema,
  VehicleListSchema,
  VehicleSchema,
} from '@toolkit/contracts/vehicles.ts';
import { assertClientAccess, requireUser, type AppDeps } from '../../app-deps.ts';
import { ListSinceQuerySchema } from '@toolkit/contracts/list-delta.ts';
import { z } from 'zod';
import { DeltaCache, sendAgencyList } from '../../lib/delta-list.ts';
import { RevisionCache } from '../../lib/revision-cache.ts';
import type { Api } from '../../lib/types.ts';
import { VehiclesService } from './vehicles.service.ts';

export function vehicleRoutes(app: Api, deps: AppDeps): void {
  const vehicles = new VehiclesService(deps.db, deps.outbox, !!deps.provider.createVehicle);
  const listCache = new RevisionCache();
  const deltaCache = new DeltaCache();

  app.get(
    '/vehicles/client/:clientId',
    {
      schema: {
        tags: ['vehicles'],
        summary:
          "An agency's vehicles with their derived status (ETag; 304 when unchanged); with ?since=R only what changed after revision R",
        params: ClientIdParamSchema,
        querystring: ListSinceQuerySchema,
        response: { 200: z.union([VehicleListSchema, VehicleListDeltaSchema]) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { clientId } = request.params;
      assertClientAccess(user, clientId);
      deps.mirror.touch(clientId);
      return sendAgencyList(request, reply, {
        cache: listCache,
        deltas: deltaCache,
        clientId,
        since: request.query.since,
        firstPull: (id) => deps.mirror.ready(id),
        source: {
          deltaWindow: (id) => vehicles.deltaWindow(id),
          load: () => vehicles.list(clientId),
          changedSince: (since) => vehicles.changedSince(clientId, since),
        },
      });
    },
  );

  app.get(
    '/vehicles/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'One vehicle (ETag; 304 when unchanged)',
        params: IdParamSchema,
        response: { 200: VehicleSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return deps.busReads.send(request, reply, {
        vehicleId: id,
        user: requireUser(request),
        kind: 'vehicle',
        schema: VehicleSchema,
        load: () => vehicles.one(id),
      });
    },
  );

  app.post(
    '/vehicles',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Create a local vehicle (it stays out of the external system)',
        body: CreateVehicleInputSchema,
        response: { 201: VehicleSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const vehicle = await vehicles.create(requireUser(request), request.body);
      return reply.status(201).send(vehicle);
    },
  );

  app.patch(
    '/vehicles/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Edit VIN, make, model, year, odometer; pushed to the external system for mirrored vehicles',
        params: IdParamSchema,
        body: UpdateVehicleInputSchema,
        response: { 200: UpdateVehicleResponseSchema },
      },
    },
    async (request) => vehicles.update(requireUser(request), request.params.id, request.body),
  );
}
