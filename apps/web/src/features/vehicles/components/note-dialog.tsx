import { zodResolver } from '@hookform/resolvers/zod';
import { CreateNoteInputSchema, NOTE_MESSAGES, NOTE_TYPES, type NoteType } from '@toolkit/contracts/notes.ts';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateNote } from '../api/create-note.ts';
import type { VehicleListItem } from '../utils/vehicle-list.ts';

/** Note types as the vehicle list names them (§3). */
export const NOTE_TYPE_LABELS: Readonly<Record<NoteType, string>> = {
  general: 'General',
  issue: 'Issue',
  completion: 'Completion',
  device_specific: 'Device-specific',
};

/** The note's own fields of the contract: type and content (§5). */
const NoteFormSchema = CreateNoteInputSchema.pick({ noteType: true, content: true });
type NoteFormValues = z.input<typeof NoteFormSchema>;
type NoteFormOutput = z.output<typeof NoteFormSchema>;

/** Add Notes (§5): type and content required; saved as a note plus an installation log entry. */
export function NoteDialog({ vehicle, onDone }: { vehicle: VehicleListItem; onDone: () => void }) {
  const id = useId();
  const create = useCreateNote();
  const form = useForm<NoteFormValues, unknown, NoteFormOutput>({
    resolver: zodResolver(NoteFormSchema),
    defaultValues: { content: '' },
  });
  const { errors } = form.formState;

  const onSubmit = ({ noteType, content }: NoteFormOutput) =>
    create.mutate(
      { vehicleId: vehicle.id, noteType, content },
      {
        onSuccess: () => {
          toast({
            title: 'Note Added',
            description: `${NOTE_TYPE_LABELS[noteType]} note saved for ${vehicle.vehicleId}.`,
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
        <div>
          <Label id={`${id}-type-label`}>Note type</Label>
          <Controller
            control={form.control}
            name="noteType"
            render={({ field }) => (
              <Select
                // Empty (the placeholder) until a type is chosen: the field starts without one.
                value={NOTE_TYPES.find((t) => t === field.value) ?? ''}
                onValueChange={(v) => field.onChange(NOTE_TYPES.find((t) => t === v))}
              >
                <SelectTrigger
                  ref={field.ref}
                  className="mt-1"
                  aria-labelledby={`${id}-type-label`}
                  aria-invalid={errors.noteType !== undefined}
                  aria-describedby={errors.noteType ? `${id}-type-error` : undefined}
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
          <FieldError id={`${id}-type-error`} message={errors.noteType?.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-content`}>Note</Label>
          <Textarea
            id={`${id}-content`}
            {...form.register('content')}
            aria-invalid={errors.content !== undefined}
            aria-describedby={errors.content ? `${id}-content-error` : undefined}
            className="mt-1"
          />
          <FieldError id={`${id}-content-error`} message={errors.content?.message} />
        </div>
        <FormActions onCancel={onDone} pending={create.isPending} submitLabel="Save Note" />
      </form>
    </DialogContent>
  );
}
