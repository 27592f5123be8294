import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { useNotes } from '../../records/index.ts';
import { AddNoteForm } from './add-note-form.tsx';
import { NoteItem } from './note-item.tsx';
import { PendingNotes } from './pending-record.tsx';
import { RecordList } from './record-list.tsx';

/** The vehicle's notes: add (with voice dictation), edit in place, delete. */
export function NoteSection({ vehicleId }: { vehicleId: number }) {
  const notes = useNotes(vehicleId);
  return (
    <Card className="grid gap-3">
      <CardTitle>Notes{notes.data ? ` (${String(notes.data.length)})` : ''}</CardTitle>
      <AddNoteForm vehicleId={vehicleId} />
      <PendingNotes vehicleId={vehicleId} />
      <RecordList query={notes} noun="notes" className="grid gap-2">
        {(note) => <NoteItem key={note.id} note={note} />}
      </RecordList>
    </Card>
  );
}
