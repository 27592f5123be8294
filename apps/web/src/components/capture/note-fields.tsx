import { zodResolver } from '@hookform/resolvers/zod';
import { CreateNoteInputSchema, NOTE_TYPES } from '@toolkit/contracts/notes.ts';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Textarea } from '../ui/input.tsx';
import { FieldError, Label } from '../ui/label.tsx';
import { OptionSelect } from '../ui/option-select.tsx';
import { NOTE_TYPE_LABELS } from '../../lib/record-labels.ts';

const NOTE_OPTIONS = NOTE_TYPES.map((t) => ({ value: t, label: NOTE_TYPE_LABELS[t] }));

/** The note's own fields of the contract: type and content (§5). */
const NoteFormSchema = CreateNoteInputSchema.pick({ noteType: true, content: true });
type NoteFormValues = z.input<typeof NoteFormSchema>;
export type NoteFormOutput = z.output<typeof NoteFormSchema>;
type NoteForm = UseFormReturn<NoteFormValues, unknown, NoteFormOutput>;

/** A note form on the contract's schema; it starts without a type (one must be chosen). */
export function useNoteForm(): NoteForm {
  return useForm<NoteFormValues, unknown, NoteFormOutput>({
    resolver: zodResolver(NoteFormSchema),
    defaultValues: { content: '' },
  });
}

/** The note type picker with its error, for any note form. */
export function NoteTypeField({ form, id }: { form: NoteForm; id: string }) {
  const error = form.formState.errors.noteType?.message;
  return (
    <div>
      <Label id={`${id}-type-label`}>Note type</Label>
      <Controller
        control={form.control}
        name="noteType"
        render={({ field }) => (
          <OptionSelect
            // Empty (the placeholder) until a type is chosen: the field starts without one.
            value={NOTE_TYPES.find((t) => t === field.value) ?? ''}
            onValueChange={field.onChange}
            options={NOTE_OPTIONS}
            ref={field.ref}
            className="mt-1"
            aria-labelledby={`${id}-type-label`}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${id}-type-error` : undefined}
            placeholder="Choose a type"
          />
        )}
      />
      <FieldError id={`${id}-type-error`} message={error} />
    </div>
  );
}

/** The note text with its error, for any note form. */
export function NoteContentField({ form, id, label }: { form: NoteForm; id: string; label: string }) {
  const error = form.formState.errors.content?.message;
  return (
    <div>
      <Label htmlFor={`${id}-content`}>{label}</Label>
      <Textarea
        id={`${id}-content`}
        {...form.register('content')}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-content-error` : undefined}
        className="mt-1"
      />
      <FieldError id={`${id}-content-error`} message={error} />
    </div>
  );
}
