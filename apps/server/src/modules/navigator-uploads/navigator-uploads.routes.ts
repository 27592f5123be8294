import { ErrorResponseSchema, VehicleIdParamSchema } from '@toolkit/contracts/errors.ts';
import {
  UploadItemListSchema,
  UploadItemParamsSchema,
  UploadItemSchema,
} from '@toolkit/contracts/navigator-uploads.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { NavigatorUploadsService } from './navigator-uploads.service.ts';

/** Upload of the installation record to Navigator (the fleet platform), item by item. */
export function navigatorUploadRoutes(app: Api, deps: AppDeps): void {
  const uploads = new NavigatorUploadsService(deps.db, deps.provider);

  app.get(
    '/navigator-uploads/vehicle/:vehicleId',
    {
      schema: {
        tags: ['installation'],
        summary: 'Each photo and note of a vehicle with its upload state (uploaded, pending, failed)',
        params: VehicleIdParamSchema,
        response: { 200: UploadItemListSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { vehicleId } = request.params;
      return deps.busReads.send(request, reply, {
        vehicleId,
        user: requireUser(request),
        kind: 'uploads',
        schema: UploadItemListSchema,
        load: () => uploads.ofVehicle(vehicleId),
      });
    },
  );

  app.post(
    '/navigator-uploads/:kind/:id',
    {
      config: { callsOutFirst: true },
      schema: {
        tags: ['installation'],
        summary: 'Upload one photo or note to Navigator (never twice); answers its state',
        params: UploadItemParamsSchema,
        response: { 200: UploadItemSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => uploads.upload(requireUser(request), request.params.kind, request.params.id),
  );
}
