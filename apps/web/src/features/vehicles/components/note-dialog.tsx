import { NOTE_MESSAGES, NOTE_TYPES, type NoteType } from '@toolkit/contracts/notes.ts';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
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

/** Add Notes (§5): type and content required; saved as a note plus an installation log entry. */
export function NoteDialog({ vehicle, onDone }: { vehicle: VehicleListItem; onDone: () => void }) {
  const id = useId();
  const [noteType, setNoteType] = useState<NoteType | ''>('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ type?: string; content?: string }>({});
  const create = useCreateNote();

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next = {
      ...(noteType === '' ? { type: NOTE_MESSAGES.typeRequired } : {}),
      ...(content.trim() === '' ? { content: NOTE_MESSAGES.contentRequired } : {}),
    };
    setErrors(next);
    if (noteType === '' || content.trim() === '') return;
    create.mutate(
      { vehicleId: vehicle.id, noteType, content: content.trim() },
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
  };

  return (
    <DialogContent title="Add Notes" description={`Installation note for ${vehicle.vehicleId}.`}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div>
          <Label id={`${id}-type-label`}>Note type</Label>
          <Select
            value={noteType}
            onValueChange={(v) => {
              setNoteType(NOTE_TYPES.find((t) => t === v) ?? '');
              setErrors((e) => ({ ...e, type: undefined }));
            }}
          >
            <SelectTrigger
              className="mt-1"
              aria-labelledby={`${id}-type-label`}
              aria-invalid={errors.type !== undefined}
              aria-describedby={errors.type ? `${id}-type-error` : undefined}
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
          <FieldError id={`${id}-type-error`} message={errors.type} />
        </div>
        <div>
          <Label htmlFor={`${id}-content`}>Note</Label>
          <Textarea
            id={`${id}-content`}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-invalid={errors.content !== undefined}
            aria-describedby={errors.content ? `${id}-content-error` : undefined}
            className="mt-1"
          />
          <FieldError id={`${id}-content-error`} message={errors.content} />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save Note'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
