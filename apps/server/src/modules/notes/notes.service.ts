import type { CreateNoteInputSchema, Note } from '@toolkit/contracts/notes.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import {
  deleteNote,
  findNoteClient,
  insertNote,
  listNotesByVehicle,
  updateNoteContent,
} from './notes.repository.ts';

/** Installation notes, kept per vehicle; another agency's note answers 404. */
export class NotesService {
  constructor(private readonly db: Db) {}

  async add(user: AuthUser, input: z.output<typeof CreateNoteInputSchema>): Promise<Note> {
    const vehicle = await visibleVehicle(this.db, user, input.vehicleId);
    const { noteType, content, deviceId } = input;
    return insertNote(this.db, { vehicleId: vehicle.id, noteType, content, deviceId, createdBy: user.id });
  }

  /** A bus's notes; the caller checked the bus is the user's (a bus's read, decision 051). */
  ofVehicle(vehicleId: number): Promise<Note[]> {
    return listNotesByVehicle(this.db, vehicleId);
  }

  async edit(user: AuthUser, id: number, content: string): Promise<Note> {
    await this.assertVisible(user, id);
    const note = await updateNoteContent(this.db, id, content);
    if (!note) throw notFound('Note');
    return note;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    await this.assertVisible(user, id);
    await deleteNote(this.db, id);
  }

  private async assertVisible(user: AuthUser, id: number): Promise<void> {
    const clientId = await findNoteClient(this.db, id);
    if (clientId === null || !user.clientIds.includes(clientId)) throw notFound('Note');
  }
}
