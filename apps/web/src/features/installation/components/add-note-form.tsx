import { zodResolver } from '@hookform/resolvers/zod';
import { CreateNoteInputSchema, NOTE_MESSAGES, NOTE_TYPES } from '@toolkit/contracts/notes.ts';
import { Mic, MicOff } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { NOTE_TYPE_LABELS, useCreateNote } from '../../vehicles/index.ts';
import { appendPhrase, useDictation } from '../hooks/use-dictation.ts';

const NoteFormSchema = CreateNoteInputSchema.pick({ noteType: true, content: true });
type NoteFormInput = z.input<typeof NoteFormSchema>;
type NoteFormOutput = z.output<typeof NoteFormSchema>;

/** Add a note (§5): a type must be chosen for the button; blank content is never sent. Voice appends phrases. */
export function AddNoteForm({ vehicleId, onAdded }: { vehicleId: number; onAdded: () => void }) {
  const id = useId();
  const create = useCreateNote();
  const form = useForm<NoteFormInput, unknown, NoteFormOutput>({
    resolver: zodResolver(NoteFormSchema),
    defaultValues: { content: '' },
  });
  const watchedType = useWatch({ control: form.control, name: 'noteType' });
  /** The form starts without a type; the button waits for one (§5). */
  const typeChosen = NOTE_TYPES.some((t) => t === watchedType);
  const dictation = useDictation((phrase) =>
    form.setValue('content', appendPhrase(form.getValues('content'), phrase), { shouldValidate: true }),
  );
  const contentError = form.formState.errors.content?.message;

  const onValid = (values: NoteFormOutput) =>
    create.mutate(
      { vehicleId, noteType: values.noteType, content: values.content },
      {
        onSuccess: () => {
          toast({ title: 'Note Added', description: `${NOTE_TYPE_LABELS[values.noteType]} note saved.` });
          form.reset({ noteType: values.noteType, content: '' });
          onAdded();
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
      <div>
        <Label id={`${id}-type-label`}>Note type</Label>
        <Controller
          control={form.control}
          name="noteType"
          render={({ field }) => (
            <Select
              value={field.value}
              onValueChange={(v) => field.onChange(NOTE_TYPES.find((t) => t === v))}
            >
              <SelectTrigger
                className="mt-1"
                aria-labelledby={`${id}-type-label`}
                placeholder="Choose a type"
              />
              <SelectContent>
                {NOTE_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {NOTE_TYPE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-content`}>New note</Label>
        <Textarea
          id={`${id}-content`}
          {...form.register('content')}
          aria-invalid={contentError !== undefined}
          aria-describedby={contentError ? `${id}-content-error` : undefined}
          className="mt-1"
        />
        <FieldError id={`${id}-content-error`} message={contentError} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          aria-pressed={dictation.listening}
          onClick={dictation.listening ? dictation.stop : dictation.start}
        >
          {dictation.listening ? (
            <MicOff aria-hidden className="size-5" />
          ) : (
            <Mic aria-hidden className="size-5" />
          )}
          {dictation.listening ? 'Stop Dictation' : 'Dictate'}
        </Button>
        <Button type="submit" disabled={!typeChosen || create.isPending}>
          {create.isPending ? 'Saving...' : 'Add Note'}
        </Button>
      </div>
    </form>
  );
}
