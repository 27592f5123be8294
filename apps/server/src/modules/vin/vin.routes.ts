import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import {
  VIN_DECODE_MESSAGES,
  VIN_MESSAGES,
  VIN_PATTERN,
  VinDecodeResultSchema,
  VinParamSchema,
} from '@toolkit/contracts/vin.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Api } from '../../lib/types.ts';
import { VinServiceError } from '../../providers/vin/vin-decoder.ts';

export function vinRoutes(app: Api, deps: AppDeps): void {
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
      const { vin } = request.params;
      if (!VIN_PATTERN.test(vin)) throw badRequest(VIN_MESSAGES.invalid, 'INVALID_VIN');
      try {
        return await deps.vin.decode(vin);
      } catch (err) {
        if (err instanceof VinServiceError) {
          request.log.warn({ err, vin }, 'VIN service answer unusable');
          throw new AppError(502, 'VIN_DECODE_FAILED', VIN_DECODE_MESSAGES.failed);
        }
        throw err;
      }
    },
  );
}
