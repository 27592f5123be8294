import { NOTE_MESSAGES, NOTE_TYPES } from '@toolkit/contracts/notes.ts';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast-store.ts';
import {
  NoteContentField,
  NoteTypeField,
  useNoteForm,
  type NoteFormOutput,
} from '../../../components/capture/note-fields.tsx';
import { NOTE_TYPE_LABELS } from '../../../lib/record-labels.ts';
import { useCreateNote } from '../../records/index.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { appendPhrase } from '../../../components/capture/use-dictation.ts';
import { DictationButton } from '../../../components/capture/dictation-button.tsx';

/** Add a note (§5): a type must be chosen for the button; blank content is never sent. Voice appends phrases. */
export function AddNoteForm({ vehicleId }: { vehicleId: number }) {
  const id = useId();
  const create = useCreateNote();
  const form = useNoteForm();
  const watchedType = useWatch({ control: form.control, name: 'noteType' });
  /** The form starts without a type; the button waits for one (§5). */
  const typeChosen = NOTE_TYPES.some((t) => t === watchedType);
  const dictate = (phrase: string) =>
    form.setValue('content', appendPhrase(form.getValues('content'), phrase), { shouldValidate: true });

  const onValid = (values: NoteFormOutput) =>
    create.mutate(
      { vehicleId, noteType: values.noteType, content: values.content },
      {
        onSuccess: (result) => {
          toast({
            title: 'Note Added',
            description:
              result.status === 'queued' ? SAVED_OFFLINE : `${NOTE_TYPE_LABELS[values.noteType]} note saved.`,
          });
          form.reset({ noteType: values.noteType, content: '' });
        },
        onError: () =>
          toast({ title: NOTE_MESSAGES.addFailed, description: 'Please try again.', variant: 'destructive' }),
      },
    );
  const onInvalid = () => {
    if (form.getFieldState('content').invalid)
      toast({
        title: NOTE_MESSAGES.contentRequired,
        description: NOTE_MESSAGES.contentHint,
        variant: 'destructive',
      });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-3">
      <NoteTypeField form={form} id={id} />
      <NoteContentField form={form} id={id} label="New note" />
      <div className="grid grid-cols-2 gap-2">
        <DictationButton onPhrase={dictate} />
        <Button type="submit" disabled={!typeChosen || create.isPending}>
          {create.isPending ? 'Saving...' : 'Add Note'}
        </Button>
      </div>
    </form>
  );
}
