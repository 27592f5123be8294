import {
  ConfigTestListSchema,
  ConfigTestSchema,
  RunConfigTestInputSchema,
} from '@toolkit/contracts/config-tests.ts';
import { VehicleIdParamSchema } from '@toolkit/contracts/errors.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { createdRecord } from '../../lib/route-schemas.ts';
import type { Api } from '../../lib/types.ts';
import { ConfigTestsService } from './config-tests.service.ts';

export function configTestRoutes(app: Api, deps: AppDeps): void {
  const tests = new ConfigTestsService(deps.db);

  app.get(
    '/config/test/vehicle/:vehicleId',
    {
      schema: {
        tags: ['tests'],
        summary: "A vehicle's configuration tests, newest first",
        params: VehicleIdParamSchema,
        response: { 200: ConfigTestListSchema },
      },
    },
    async (request, reply) => {
      const { vehicleId } = request.params;
      return deps.busReads.send(request, reply, {
        vehicleId,
        user: requireUser(request),
        kind: 'config-tests',
        schema: ConfigTestListSchema,
        load: () => tests.ofVehicle(vehicleId),
      });
    },
  );

  app.post(
    '/config/test',
    {
      schema: {
        tags: ['tests'],
        summary: "Run the five configuration tests from the vehicle's devices as last reported",
        body: RunConfigTestInputSchema,
        response: createdRecord(ConfigTestSchema),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tests.run(requireUser(request), request.body.vehicleId)),
  );
}
