import { useMutation } from '@tanstack/react-query';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { NoteSchema, type Note, type NoteType } from '@toolkit/contracts/notes.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { createLog } from './create-log.ts';

export interface NewNote {
  vehicleId: number;
  noteType: NoteType;
  content: string;
}

/** POST /api/notes, then an 'Installation Note' entry in the installation log (§7). */
export async function createNote({ vehicleId, noteType, content }: NewNote): Promise<Note> {
  const key = newIdempotencyKey('note');
  const res = await apiRequest('POST', '/api/notes', { vehicleId, noteType, content, deviceId: null }, key);
  const note = NoteSchema.parse(await res.json());
  await createLog(
    { vehicleId, deviceId: null, action: LOG_ACTIONS.note, details: `${noteType}: ${content}` },
    `${key}:log`,
  );
  return note;
}

export function useCreateNote() {
  return useMutation({ mutationFn: createNote });
}
