import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import { VinDecodeResultSchema, VinParamSchema } from '@toolkit/contracts/vin.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { VinService } from './vin.service.ts';

export function vinRoutes(app: Api, deps: AppDeps): void {
  const vins = new VinService(deps.vin);

  app.get(
    '/vin/:vin',
    {
      schema: {
        tags: ['vehicles'],
        summary:
          'Decode a VIN through the public vPIC service (cached; decoded offline from built-in tables when the service is unreachable)',
        params: VinParamSchema,
        response: { 200: VinDecodeResultSchema, 400: ErrorResponseSchema, 502: ErrorResponseSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return vins.decode(request.params.vin, request.log);
    },
  );
}
