import { zodResolver } from '@hookform/resolvers/zod';
import { MOOD_MESSAGES, MOODS, WORK_PHASES } from '@toolkit/contracts/moods.ts';
import { MoodFormSchema, type MoodForm } from '@toolkit/contracts/support.ts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses, Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useVehicleChoices } from '../../vehicles/index.ts';
import { useCreateMoodEntry } from '../api/create-mood-entry.ts';
import { toMoodEntryInput, WORK_PHASE_LABELS } from '../utils/mood-input.ts';

/** No mood chosen yet: the user must pick one. */
const EMPTY = { comment: '', vehicleId: '', workPhase: '' } as const;

function VehicleOptions({ clientId }: { clientId: number }) {
  const vehicles = useVehicleChoices(clientId);
  return (
    <>
      {(vehicles.data ?? []).map((v) => (
        <option key={v.id} value={String(v.id)}>
          {v.vehicleId}
        </option>
      ))}
    </>
  );
}

/** Log a mood: an emoji (required), an optional comment, vehicle and work phase (§3, §5). */
export function MoodEntryForm({ clientId }: { clientId: number | null }) {
  const id = useId();
  const create = useCreateMoodEntry();
  const form = useForm<MoodForm>({ resolver: zodResolver(MoodFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  // Said beside the button too: a toast can be missed, and offline the toaster may not have loaded.
  const [savedOffline, setSavedOffline] = useState(false);

  const onSubmit = (values: MoodForm) => {
    const input = toMoodEntryInput(values, clientId);
    const label = `Mood ${input.moodEmoji} ${input.moodLabel} logged`;
    setSavedOffline(false);
    create.mutate(
      { input, label },
      {
        onSuccess: (outcome) => {
          if (outcome.status === 'sent')
            toast({
              title: 'Mood logged',
              description: `${outcome.answer.moodEmoji} ${outcome.answer.moodLabel}`,
            });
          else {
            setSavedOffline(true);
            toast({ title: 'Mood saved', description: SAVED_OFFLINE });
          }
          form.reset(EMPTY);
        },
        onError: (error) =>
          toast({ title: MOOD_MESSAGES.logFailed, description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="grid gap-4">
      <Controller
        control={form.control}
        name="mood"
        render={({ field }) => (
          <fieldset aria-describedby={errors.mood ? `${id}-mood-error` : undefined}>
            <legend className="text-base font-semibold">How is your work going?</legend>
            {/* Five in a row down to a 360 px screen: 'Terrible' fits its button in the small size. */}
            <div
              role="radiogroup"
              aria-label="Mood"
              className="mt-2 grid grid-cols-5 gap-1 min-[480px]:gap-2"
            >
              {MOODS.map((m) => (
                <button
                  key={m.label}
                  type="button"
                  role="radio"
                  aria-checked={field.value === m.label}
                  onClick={() => field.onChange(m.label)}
                  className={cn(
                    'flex min-h-16 min-w-0 flex-col items-center justify-center gap-0.5 rounded-lg border-2 border-border px-0',
                    'text-xs leading-tight font-medium [overflow-wrap:anywhere] min-[480px]:text-sm min-[480px]:font-semibold',
                    field.value === m.label && 'border-primary bg-primary-soft',
                  )}
                >
                  <span aria-hidden className="text-2xl">
                    {m.emoji}
                  </span>
                  {m.label}
                </button>
              ))}
            </div>
            <FieldError id={`${id}-mood-error`} message={errors.mood?.message} />
          </fieldset>
        )}
      />
      <div>
        <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
        <Textarea id={`${id}-comment`} className="mt-1" {...form.register('comment')} />
        <FieldError id={`${id}-comment-error`} message={errors.comment?.message} />
      </div>
      <div className="grid gap-4 min-[480px]:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-vehicle`}>Vehicle (optional)</Label>
          <select
            id={`${id}-vehicle`}
            className={cn(fieldClasses, 'mt-1')}
            disabled={clientId === null}
            {...form.register('vehicleId')}
          >
            <option value="">No vehicle</option>
            {clientId !== null && <VehicleOptions clientId={clientId} />}
          </select>
        </div>
        <div>
          <Label htmlFor={`${id}-phase`}>Work phase (optional)</Label>
          <select id={`${id}-phase`} className={cn(fieldClasses, 'mt-1')} {...form.register('workPhase')}>
            <option value="">Not set</option>
            {WORK_PHASES.map((p) => (
              <option key={p} value={p}>
                {WORK_PHASE_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Logging...' : 'Log Mood'}
      </Button>
      <p role="status" className="text-muted-foreground">
        {savedOffline ? SAVED_OFFLINE : ''}
      </p>
    </form>
  );
}
