import {
  AssignDevicesInputSchema,
  AssignDevicesResponseSchema,
  CreateDeviceInputSchema,
  CreateDeviceResponseSchema,
  DeviceDetailSchema,
  DeviceIdParamSchema,
  DeviceListDeltaSchema,
  DeviceListSchema,
  DeviceSystemListSchema,
  SmsCommandInputSchema,
  SmsCommandResponseSchema,
  SoftwareVersionQuerySchema,
  SoftwareVersionSchema,
  StatusRefreshInputSchema,
  StatusRefreshResponseSchema,
  SyncStatusInputSchema,
  SyncStatusResponseSchema,
  TabletOperationInputSchema,
  TabletOperationResponseSchema,
  UnassignDeviceInputSchema,
  UnassignDeviceResponseSchema,
} from '@toolkit/contracts/devices.ts';
import { ClientIdParamSchema, ErrorResponseSchema, VehicleIdParamSchema } from '@toolkit/contracts/errors.ts';
import { z } from 'zod';
import { assertClientAccess, requireUser, type AppDeps } from '../../app-deps.ts';
import { ListSinceQuerySchema } from '@toolkit/contracts/list-delta.ts';
import { DeltaCache, sendAgencyList } from '../../lib/delta-list.ts';
import { RevisionCache } from '../../lib/revision-cache.ts';
import type { Api } from '../../lib/types.ts';
import { AssignmentService } from './assignment.service.ts';
import { DeviceCreationService } from './device-creation.service.ts';
import { DevicesService } from './devices.service.ts';
import { syncStatus } from './sync-status.service.ts';

const providerErrors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 503: ErrorResponseSchema };

export function deviceRoutes(app: Api, deps: AppDeps): void {
  const devices = new DevicesService(deps.db, deps.provider, deps.mirror, deps.outbox, deps.actors);
  const creation = new DeviceCreationService(deps.db, deps.provider, deps.outbox, deps.actors);
  const assignment = new AssignmentService(deps.db, deps.outbox);
  const listCache = new RevisionCache();
  const deltaCache = new DeltaCache();

  app.get(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "All devices of the user's agencies",
        response: { 200: DeviceListSchema },
      },
    },
    async (request) => devices.listForUser(requireUser(request)),
  );

  app.get(
    '/devices/client/:clientId',
    {
      schema: {
        tags: ['devices'],
        summary:
          "An agency's devices (ETag; 304 when unchanged); with ?since=R only what changed after revision R",
        params: ClientIdParamSchema,
        querystring: ListSinceQuerySchema,
        response: { 200: z.union([DeviceListSchema, DeviceListDeltaSchema]) },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      assertClientAccess(requireUser(request), clientId);
      deps.mirror.touch(clientId);
      return sendAgencyList(request, reply, {
        cache: listCache,
        deltas: deltaCache,
        clientId,
        since: request.query.since,
        firstPull: (id) => deps.mirror.ready(id),
        source: {
          deltaWindow: (id) => devices.deltaWindow(id),
          load: () => devices.listBodyByClient(clientId),
          changedSince: (since) => devices.changedSince(clientId, since),
        },
      });
    },
  );

  app.get(
    '/devices/vehicle/:vehicleId',
    {
      schema: {
        tags: ['devices'],
        summary: "A vehicle's devices (ETag; 304 when unchanged)",
        params: VehicleIdParamSchema,
        response: { 200: DeviceListSchema },
      },
    },
    async (request, reply) => {
      const { vehicleId } = request.params;
      return deps.busReads.send(request, reply, {
        vehicleId,
        user: requireUser(request),
        kind: 'devices',
        schema: DeviceListSchema,
        load: () => devices.onVehicle(vehicleId),
        // The agency is kept fresh while its buses are in use.
        seen: (clientId) => deps.mirror.touch(clientId),
      });
    },
  );

  app.get(
    '/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'One device with its assignment history',
        params: DeviceIdParamSchema,
        response: { 200: DeviceDetailSchema },
      },
    },
    async (request) => devices.detail(requireUser(request), request.params.deviceId),
  );

  app.post(
    '/devices',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['devices'],
        summary: 'Create a device (and optionally assign it)',
        body: CreateDeviceInputSchema,
        response: { 201: CreateDeviceResponseSchema, ...providerErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await creation.create(requireUser(request), request.body)),
  );

  app.post(
    '/devices/assign',
    {
      schema: {
        tags: ['devices'],
        summary: 'Assign or reassign devices to a vehicle',
        body: AssignDevicesInputSchema,
        response: { 200: AssignDevicesResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => assignment.assign(requireUser(request), request.body),
  );

  app.post(
    '/devices/unassign',
    {
      schema: {
        tags: ['devices'],
        summary: 'Take a device off its vehicle',
        body: UnassignDeviceInputSchema,
        response: { 200: UnassignDeviceResponseSchema },
      },
    },
    async (request) => assignment.unassign(requireUser(request), request.body),
  );

  app.post(
    '/devices/status/refresh',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['devices'],
        summary: "Refresh a vehicle's device statuses from the external system now",
        body: StatusRefreshInputSchema,
        response: { 200: StatusRefreshResponseSchema, ...providerErrors },
      },
    },
    async (request) => devices.refreshVehicleStatus(requireUser(request), request.body.vehicleId),
  );

  app.post(
    '/devices/sync-status',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['devices'],
        summary: 'Compare local assignments with the external system',
        body: SyncStatusInputSchema,
        response: { 200: SyncStatusResponseSchema, ...providerErrors },
      },
    },
    async (request) => syncStatus(deps.db, deps.provider, requireUser(request), request.body.clientId),
  );

  app.post(
    '/devices/sync',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['devices'],
        summary: 'Pull an agency from the external system now and send pending pushes',
        body: SyncStatusInputSchema,
        response: { 200: z.object({ message: z.string(), syncedAt: z.string() }), ...providerErrors },
      },
    },
    async (request) => devices.syncNow(requireUser(request), request.body.clientId),
  );

  app.post(
    '/devices/:deviceId/sms',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['devices'],
        summary: "Send an SMS command ('!R0' status, '!R3,20,0' reboot) to a GPS unit",
        params: DeviceIdParamSchema,
        body: SmsCommandInputSchema,
        response: { 200: SmsCommandResponseSchema, ...providerErrors },
      },
    },
    async (request) => devices.sendSms(requireUser(request), request.params.deviceId, request.body.command),
  );

  app.post(
    '/devices/:deviceId/tablet-operation',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['devices'],
        summary: 'Run a tablet operation',
        params: DeviceIdParamSchema,
        body: TabletOperationInputSchema,
        response: { 200: TabletOperationResponseSchema, ...providerErrors },
      },
    },
    async (request) => devices.tabletOperation(requireUser(request), request.params.deviceId, request.body),
  );

  app.get(
    '/device-systems/client/:clientId',
    {
      schema: {
        tags: ['devices'],
        summary: "An agency's device systems",
        params: ClientIdParamSchema,
        response: { 200: DeviceSystemListSchema },
      },
    },
    async (request) => devices.deviceSystems(requireUser(request), request.params.clientId),
  );

  app.get(
    '/software/versions',
    {
      schema: {
        tags: ['devices'],
        summary: 'Tablet software versions',
        querystring: SoftwareVersionQuerySchema,
        response: { 200: z.array(SoftwareVersionSchema), ...providerErrors },
      },
    },
    async (request) => devices.softwareVersions(request.query.type),
  );
}
