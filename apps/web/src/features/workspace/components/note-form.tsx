import { zodResolver } from '@hookform/resolvers/zod';
import { NOTE_MESSAGES } from '@toolkit/contracts/notes.ts';
import { multiLine } from '@toolkit/contracts/primitives.ts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DictationButton } from '../../../components/capture/dictation-button.tsx';
import { appendPhrase } from '../../../components/capture/use-dictation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { useCreateLogNote } from '../../records/index.ts';

/** The note's text: the log entry's details (at most 5000, §7), non-blank on this page (§5). */
const NoteSchema = z.object({ details: multiLine().min(1, NOTE_MESSAGES.contentHint).max(5000) });
type NoteInput = z.input<typeof NoteSchema>;
type NoteValues = z.output<typeof NoteSchema>;

/** An 'Installation Note' entry for the vehicle's log, typed or dictated (§4); blank text is never sent. */
export function NoteForm({ vehicleId }: { vehicleId: number }) {
  const id = useId();
  const create = useCreateLogNote(vehicleId);
  const form = useForm<NoteInput, unknown, NoteValues>({
    resolver: zodResolver(NoteSchema),
    defaultValues: { details: '' },
  });
  const error = form.formState.errors.details?.message;
  const dictate = (phrase: string) =>
    form.setValue('details', appendPhrase(form.getValues('details'), phrase), { shouldValidate: true });
  const onSubmit = form.handleSubmit(({ details }) =>
    create.mutate(details, {
      onSuccess: (result) => {
        form.reset({ details: '' });
        if (result.status === 'queued') toast({ title: 'Note Added', description: SAVED_OFFLINE });
      },
      onError: () => toast({ title: NOTE_MESSAGES.addFailed, variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Label htmlFor={`${id}-note`}>Installation Note</Label>
      <Textarea
        id={`${id}-note`}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-note-error` : undefined}
        {...form.register('details')}
      />
      <FieldError id={`${id}-note-error`} message={error} />
      <DictationButton onPhrase={dictate} />
      <Button type="submit" variant="secondary" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add Note'}
      </Button>
    </form>
  );
}
