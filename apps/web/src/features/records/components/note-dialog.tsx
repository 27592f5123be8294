import { NOTE_MESSAGES } from '@toolkit/contracts/notes.ts';
import { useId } from 'react';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateNote } from '../api/create-note.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { NOTE_TYPE_LABELS } from '../../../lib/record-labels.ts';
import {
  NoteContentField,
  NoteTypeField,
  useNoteForm,
  type NoteFormOutput,
} from '../../../components/capture/note-fields.tsx';
import { DictationButton } from '../../../components/capture/dictation-button.tsx';
import { appendPhrase } from '../../../components/capture/use-dictation.ts';

/** Add Notes (§5): type and content required, with voice dictation (§4); saved as a note plus an installation log entry. */
export function NoteDialog({
  vehicle,
  onDone,
}: {
  /** A vehicle made without signal has its local id: the outbox holds the note (decision 043). */
  vehicle: { id: number; vehicleId: string };
  onDone: () => void;
}) {
  const id = useId();
  const create = useCreateNote();
  const form = useNoteForm();
  const dictate = (phrase: string) =>
    form.setValue('content', appendPhrase(form.getValues('content'), phrase), { shouldValidate: true });

  const onSubmit = ({ noteType, content }: NoteFormOutput) =>
    create.mutate(
      { vehicleId: vehicle.id, noteType, content },
      {
        onSuccess: (result) => {
          toast({
            title: 'Note Added',
            description:
              result.status === 'queued'
                ? SAVED_OFFLINE
                : `${NOTE_TYPE_LABELS[noteType]} note saved for ${vehicle.vehicleId}.`,
          });
          onDone();
        },
        onError: () =>
          toast({ title: NOTE_MESSAGES.addFailed, description: 'Please try again.', variant: 'destructive' }),
      },
    );

  return (
    <DialogContent title="Add Notes" description={`Installation note for ${vehicle.vehicleId}.`}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="grid gap-4">
        <NoteTypeField form={form} id={id} />
        <NoteContentField form={form} id={id} label="Note" />
        <DictationButton onPhrase={dictate} />
        <FormActions onCancel={onDone} pending={create.isPending} submitLabel="Save Note" />
      </form>
    </DialogContent>
  );
}
