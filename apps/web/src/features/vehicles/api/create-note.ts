import { useMutation } from '@tanstack/react-query';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { NoteSchema, type Note, type NoteType } from '@toolkit/contracts/notes.ts';
import { enqueue, flush } from '../../../lib/outbox/outbox.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';

export interface NewNote {
  vehicleId: number;
  noteType: NoteType;
  content: string;
}

/** The installation record's lists (features/installation) that a new note changes. */
const recordKeys = (vehicleId: number) => [
  ['/api/notes/vehicle', vehicleId],
  ['/api/navigator-uploads/vehicle', vehicleId],
];

/**
 * POST /api/notes, then an 'Installation Note' entry in the installation log (§7), both through the
 * outbox: without signal both are kept on the phone, the note first, and sent in that order.
 */
export async function createNote({ vehicleId, noteType, content }: NewNote): Promise<Submitted<Note>> {
  const log = {
    label: `Log: ${noteType} note`,
    method: 'POST' as const,
    url: '/api/logs',
    body: { vehicleId, deviceId: null, action: LOG_ACTIONS.note, details: `${noteType}: ${content}` },
    keyPrefix: 'note-log',
    invalidate: [['/api/logs', { vehicleId }]],
  };
  const result = await submitWrite(
    {
      label: `${noteType} note: ${content.length > 60 ? `${content.slice(0, 57)}...` : content}`,
      method: 'POST',
      url: '/api/notes',
      body: { vehicleId, noteType, content, deviceId: null },
      keyPrefix: 'note',
      invalidate: recordKeys(vehicleId),
    },
    (answer) => NoteSchema.parse(answer),
  );
  // The log entry goes after the note, in the same line; a failure there never undoes the note.
  await enqueue(log);
  if (result.status === 'sent') await flush().catch(() => undefined);
  return result;
}

export function useCreateNote() {
  return useMutation({ mutationFn: createNote, networkMode: 'always' });
}
