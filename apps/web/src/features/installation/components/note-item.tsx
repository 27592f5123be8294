import { NOTE_MESSAGES, type Note } from '@toolkit/contracts/notes.ts';
import { Pencil } from 'lucide-react';
import { useId, useState, type FocusEvent } from 'react';
import { DictationButton } from '../../../components/capture/dictation-button.tsx';
import { appendPhrase } from '../../../components/capture/use-dictation.ts';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { NOTE_TYPE_LABELS } from '../../../lib/record-labels.ts';
import { useDeleteNote, useUpdateNote } from '../../records/index.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { formatTakenAt } from '../utils/format.ts';
import { DeleteRecord } from './delete-record.tsx';

const [SAVE_FAILED_TITLE = NOTE_MESSAGES.saveFailed, SAVE_FAILED_TEXT] = NOTE_MESSAGES.saveFailed.split(': ');

/**
 * One note: Edit turns the text into a field (with voice dictation) saved on blur when it changed
 * (§4); Delete after a confirmation.
 */
export function NoteItem({ note }: { note: Note }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateNote(note.vehicleId);
  const remove = useDeleteNote(note.vehicleId);
  const label = `${NOTE_TYPE_LABELS[note.noteType]} note`;
  const time = formatTakenAt(note.createdAt);

  // The edit is one field with its Dictate button: it is saved when the focus leaves both.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    const content = (draft ?? '').trim();
    if (content === note.content) return setDraft(null);
    if (content === '') {
      toast({
        title: NOTE_MESSAGES.contentRequired,
        description: NOTE_MESSAGES.contentHint,
        variant: 'destructive',
      });
      return setDraft(null);
    }
    update.mutate(
      { id: note.id, content },
      {
        onSuccess: (result) => {
          setDraft(null);
          toast({
            title: 'Note Saved',
            description: result.status === 'queued' ? SAVED_OFFLINE : `${label} updated.`,
          });
        },
        onError: () =>
          toast({ title: SAVE_FAILED_TITLE, description: SAVE_FAILED_TEXT, variant: 'destructive' }),
      },
    );
  };

  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold">{NOTE_TYPE_LABELS[note.noteType]}</span>{' '}
          <span className="text-muted-foreground">{time}</span>
        </p>
        <div className="flex gap-1">
          <IconButton
            label={`Edit ${label} from ${time}`}
            tooltip="Edit note"
            disabled={draft !== null}
            onClick={() => setDraft(note.content)}
          >
            <Pencil aria-hidden className="size-5" />
          </IconButton>
          <DeleteRecord
            noun="note"
            label={label}
            time={time}
            pending={remove.isPending}
            onDelete={(close) =>
              remove.mutate(note.id, {
                onSuccess: (result) => {
                  close();
                  if (result.status === 'queued')
                    toast({ title: 'Note Deleted', description: SAVED_OFFLINE });
                },
                onError: () =>
                  toast({
                    title: 'Delete Failed',
                    description: 'Failed to delete note',
                    variant: 'destructive',
                  }),
              })
            }
          />
        </div>
      </div>
      {draft === null ? (
        <p className="break-words whitespace-pre-wrap">{note.content}</p>
      ) : (
        <div className="grid gap-2" onBlur={onBlur}>
          <Label htmlFor={`${id}-edit`} className="sr-only">
            Edit {label}
          </Label>
          <Textarea
            id={`${id}-edit`}
            autoFocus
            value={draft}
            disabled={update.isPending}
            onChange={(e) => setDraft(e.target.value)}
          />
          <DictationButton onPhrase={(phrase) => setDraft((d) => appendPhrase(d ?? '', phrase))} />
        </div>
      )}
    </li>
  );
}
