import { IdParamSchema } from '@toolkit/contracts/errors.ts';
import {
  CreateNoteInputSchema,
  NoteListSchema,
  NoteSchema,
  UpdateNoteInputSchema,
} from '@toolkit/contracts/notes.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { createdRecord, deletedRecord, foundRecord } from '../../lib/route-schemas.ts';
import type { Api } from '../../lib/types.ts';
import { NotesService } from './notes.service.ts';

export function noteRoutes(app: Api, deps: AppDeps): void {
  const notes = new NotesService(deps.db);

  app.post(
    '/notes',
    {
      schema: {
        tags: ['installation'],
        summary: 'Add an installation note',
        body: CreateNoteInputSchema,
        response: createdRecord(NoteSchema),
      },
    },
    async (request, reply) => reply.status(201).send(await notes.add(requireUser(request), request.body)),
  );

  app.get(
    '/notes/vehicle/:id',
    {
      schema: {
        tags: ['installation'],
        summary: "A vehicle's notes, newest first (ETag; 304 when unchanged)",
        params: IdParamSchema,
        response: { 200: NoteListSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return deps.busReads.send(request, reply, {
        vehicleId: id,
        user: requireUser(request),
        kind: 'notes',
        schema: NoteListSchema,
        load: () => notes.ofVehicle(id),
      });
    },
  );

  app.put(
    '/notes/:id',
    {
      schema: {
        tags: ['installation'],
        summary: "Change a note's text",
        params: IdParamSchema,
        body: UpdateNoteInputSchema,
        response: foundRecord(NoteSchema),
      },
    },
    async (request) => notes.edit(requireUser(request), request.params.id, request.body.content),
  );

  app.delete(
    '/notes/:id',
    {
      schema: {
        tags: ['installation'],
        summary: 'Delete a note',
        params: IdParamSchema,
        response: deletedRecord,
      },
    },
    async (request, reply) => {
      await notes.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
