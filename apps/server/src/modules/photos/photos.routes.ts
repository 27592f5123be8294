import { IdParamSchema } from '@toolkit/contracts/errors.ts';
import { CreatePhotoInputSchema, PhotoListSchema, PhotoSchema } from '@toolkit/contracts/photos.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { createdRecord, deletedRecord } from '../../lib/route-schemas.ts';
import type { Api } from '../../lib/types.ts';
import { PhotosService } from './photos.service.ts';

export function photoRoutes(app: Api, deps: AppDeps): void {
  const photos = new PhotosService(deps.db);

  app.post(
    '/photos',
    {
      config: { upload: true },
      schema: {
        tags: ['installation'],
        summary: 'Save an installation photo (JPEG data URL, at most 8 MB)',
        body: CreatePhotoInputSchema,
        response: createdRecord(PhotoSchema),
      },
    },
    async (request, reply) => reply.status(201).send(await photos.add(requireUser(request), request.body)),
  );

  app.get(
    '/photos/vehicle/:id',
    {
      schema: {
        tags: ['installation'],
        summary: "A vehicle's photos, newest first (ETag; 304 when unchanged)",
        params: IdParamSchema,
        response: { 200: PhotoListSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return deps.busReads.send(request, reply, {
        vehicleId: id,
        user: requireUser(request),
        kind: 'photos',
        schema: PhotoListSchema,
        load: () => photos.ofVehicle(id),
      });
    },
  );

  for (const size of ['full', 'thumbnail'] as const) {
    app.get(
      size === 'full' ? '/photos/:id/image' : '/photos/:id/thumbnail',
      {
        schema: {
          tags: ['installation'],
          summary:
            size === 'full'
              ? 'A photo as image/jpeg (Bearer token, like every call)'
              : "A photo's small thumbnail as image/jpeg (the photo itself when none was made)",
          params: IdParamSchema,
        },
      },
      async (request, reply) => {
        const jpeg = await photos.image(requireUser(request), request.params.id, size);
        return reply
          .header('Content-Type', 'image/jpeg')
          .header('Cache-Control', 'private, max-age=3600')
          .send(jpeg);
      },
    );
  }

  app.delete(
    '/photos/:id',
    {
      schema: {
        tags: ['installation'],
        summary: 'Delete a photo',
        params: IdParamSchema,
        response: deletedRecord,
      },
    },
    async (request, reply) => {
      await photos.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
