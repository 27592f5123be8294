import { z } from 'zod';
import { DEVICE_STATUSES, DeviceIdParamSchema } from '@toolkit/contracts/devices.ts';
import { singleLine } from '@toolkit/contracts/primitives.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import type { FleetSimulator } from '../../providers/fleet/simulator/fleet-simulator.ts';
import { SimulatorControlService } from './simulator.service.ts';

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
  const control = new SimulatorControlService(deps.db, simulator, deps.mirror, deps.outbox);
  const config = { public: true };

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
      await control.setHeartbeat(request.params.deviceId, request.body.status);
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
      control.assignExternally(request.params.deviceId, request.body.vehicleId);
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
      control.setDeviceFailure(request.params.deviceId, request.body.outage);
      return { ok: true as const };
    },
  );

  app.post(
    '/__simulator/failures',
    { config, schema: { hide: true, body: FailuresBody, response: { 200: Ok } } },
    async (request) => {
      control.setFailures(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/__simulator/uploads/fail-next',
    {
      config,
      schema: {
        hide: true,
        body: z.object({ count: z.number().int().min(0).max(100) }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      control.failNextUploads(request.body.count);
      return { ok: true as const };
    },
  );

  app.get('/__simulator/uploads', { config, schema: { hide: true } }, async () => control.uploads());

  app.post('/__simulator/sync', { config, schema: { hide: true, response: { 200: Ok } } }, async () => {
    await control.sync();
    return { ok: true as const };
  });
}
