import { z } from 'zod';
import { DEVICE_STATUSES, DeviceIdParamSchema } from '@toolkit/contracts/devices.ts';
import { singleLine } from '@toolkit/contracts/primitives.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Api } from '../../lib/types.ts';
import type { FleetSimulator } from '../../providers/fleet/simulator/fleet-simulator.ts';

const DeviceParam = DeviceIdParamSchema;
const FailuresBody = z.object({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  outage: z.boolean().optional(),
});
const Ok = z.object({ ok: z.literal(true) });

/**
 * Test-only control of the built-in simulator (SIMULATOR_CONTROL=1, refused in production): lets
 * browser tests change a heartbeat or inject failures and see the result without sleeping.
 * Every change is followed by an immediate pull of the agencies in use.
 */
export function simulatorControlRoutes(app: Api, deps: AppDeps, simulator: FleetSimulator): void {
  const config = { public: true };
  const pullAll = async () => {
    const ids = await deps.db.query.clients.findMany({ columns: { id: true } });
    await Promise.allSettled(ids.map((c) => deps.mirror.syncFleet(c.id)));
  };

  app.post(
    '/__simulator/devices/:deviceId/heartbeat',
    {
      config,
      schema: {
        hide: true,
        params: DeviceParam,
        body: z.object({ status: z.enum(DEVICE_STATUSES) }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      if (!simulator.getDeviceByDeviceId(request.params.deviceId)) throw notFound('Device');
      simulator.setDeviceHeartbeat(request.params.deviceId, { status: request.body.status });
      await pullAll();
      return { ok: true as const };
    },
  );

  app.post(
    '/__simulator/devices/:deviceId/assign-externally',
    {
      config,
      schema: {
        hide: true,
        params: DeviceParam,
        body: z.object({ vehicleId: singleLine().max(100).nullable() }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      if (!simulator.getDeviceByDeviceId(request.params.deviceId)) throw notFound('Device');
      simulator.assignExternally(request.params.deviceId, request.body.vehicleId);
      return { ok: true as const };
    },
  );

  app.post(
    '/__simulator/devices/:deviceId/failures',
    {
      config,
      schema: {
        hide: true,
        params: DeviceParam,
        body: z.object({ outage: z.boolean() }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      if (!simulator.getDeviceByDeviceId(request.params.deviceId)) throw notFound('Device');
      simulator.setDeviceFailure(request.params.deviceId, request.body.outage);
      return { ok: true as const };
    },
  );

  app.post(
    '/__simulator/failures',
    { config, schema: { hide: true, body: FailuresBody, response: { 200: Ok } } },
    async (request) => {
      simulator.setFailures(request.body);
      return { ok: true as const };
    },
  );

  app.post('/__simulator/sync', { config, schema: { hide: true, response: { 200: Ok } } }, async () => {
    await deps.outbox.drain();
    await pullAll();
    return { ok: true as const };
  });
}
