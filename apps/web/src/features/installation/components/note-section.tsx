import { useQueryClient } from '@tanstack/react-query';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { useNotes } from '../api/get-notes.ts';
import { invalidateRecord } from '../api/invalidate-record.ts';
import { AddNoteForm } from './add-note-form.tsx';
import { NoteItem } from './note-item.tsx';
import { PendingNotes } from './pending-record.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';

/** The vehicle's notes: add (with voice dictation), edit in place, delete. */
export function NoteSection({ vehicleId }: { vehicleId: number }) {
  const notes = useNotes(vehicleId);
  const notesPhase = queryPhase(notes);
  const queryClient = useQueryClient();
  return (
    <Card className="grid gap-3">
      <CardTitle>Notes{notes.data ? ` (${String(notes.data.length)})` : ''}</CardTitle>
      <AddNoteForm
        vehicleId={vehicleId}
        onAdded={() => void invalidateRecord(queryClient, vehicleId, 'notes')}
      />
      <PendingNotes vehicleId={vehicleId} />
      {notesPhase === 'loading' && <p>Loading notes...</p>}
      {notesPhase === 'offline' && <NothingSavedState variant="inline" noun="notes" query={notes} />}
      {notesPhase === 'error' && (
        <p role="alert">Notes could not be loaded. Check the connection and try again.</p>
      )}
      <SavedCopyNotice query={notes} what="notes" className="mb-0" />
      {notes.data?.length === 0 && <p className="text-muted-foreground">No notes yet.</p>}
      {notes.data && notes.data.length > 0 && (
        <ul aria-label="Notes" className="grid gap-2">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
    </Card>
  );
}
