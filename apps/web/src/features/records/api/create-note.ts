import { useMutation } from '@tanstack/react-query';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { NoteSchema, type Note, type NoteType } from '@toolkit/contracts/notes.ts';
import { enqueue, flush } from '../../../lib/outbox/outbox.ts';
import { currentOwner } from '../../../lib/outbox/owner.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { LOGS_URL, logsQueryOptions } from './get-logs.ts';
import { NOTES_URL, notesQueryOptions } from './get-notes.ts';
import { uploadItemsQueryOptions } from './get-upload-items.ts';

/** What a new note is, in the outbox (its kind). */
export const NOTE_WRITE = 'note';
/** The installation-log entry that goes with a note, in the outbox (its kind). */
export const NOTE_LOG_WRITE = 'note-log';

export interface NewNote {
  vehicleId: number;
  noteType: NoteType;
  content: string;
}

/** The lists a new note changes: the vehicle's notes and their upload states. */
const recordKeys = (vehicleId: number) => [
  notesQueryOptions(vehicleId).queryKey,
  uploadItemsQueryOptions(vehicleId).queryKey,
];

const createdBy = (): { createdBy?: number } => {
  const owner = currentOwner();
  return owner ? { createdBy: owner.id } : {};
};

/**
 * POST /api/notes, then an 'Installation Note' entry in the installation log (§7), both through the
 * outbox: without signal both are kept on the phone, the note first, and sent in that order.
 * A vehicle made without signal is named by its local id: the outbox holds both until its create
 * went (decision 043).
 */
export async function createNote({ vehicleId, noteType, content }: NewNote): Promise<Submitted<Note>> {
  const log = {
    label: `Log: ${noteType} note`,
    method: 'POST' as const,
    url: LOGS_URL,
    body: { vehicleId, deviceId: null, action: LOG_ACTIONS.note, details: `${noteType}: ${content}` },
    keyPrefix: NOTE_LOG_WRITE,
    invalidate: [logsQueryOptions(vehicleId).queryKey],
  };
  const result = await submitWrite(
    {
      label: `${noteType} note: ${content.length > 60 ? `${content.slice(0, 57)}...` : content}`,
      method: 'POST',
      url: NOTES_URL,
      // §7's body names the maker; the server records the signed-in user whatever it says, and the
      // outbox sends the note only while its maker is signed in.
      body: { vehicleId, noteType, content, deviceId: null, ...createdBy() },
      keyPrefix: NOTE_WRITE,
      invalidate: recordKeys(vehicleId),
    },
    (answer) => NoteSchema.parse(answer),
  );
  // The log entry goes after the note, in the same line; a failure there never undoes the note.
  // Kept with the note, the two are one thing the installer did: the pending list shows one.
  await enqueue(result.status === 'queued' ? { ...log, follows: result.entry.id } : log);
  if (result.status === 'sent') await flush().catch(() => undefined);
  return result;
}

export function useCreateNote() {
  return useMutation({ mutationFn: (note: NewNote) => createNote(note), networkMode: 'always' });
}
