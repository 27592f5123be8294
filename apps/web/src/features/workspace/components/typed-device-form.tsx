import { UnassignDeviceInputSchema } from '@toolkit/contracts/devices.ts';
import { useId, type SubmitEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';

/** The typed device id: the contract's field (required, one line). */
export const TypedDeviceSchema = UnassignDeviceInputSchema.pick({ deviceId: true });
export type TypedDevice = { deviceId: string };

/**
 * A device id typed (or a label scanned into it) to add to the list: the form is the panel's,
 * which looks the id up and puts the answer on the field.
 */
export function TypedDeviceForm({
  form,
  looking,
  onSubmit,
}: {
  form: UseFormReturn<TypedDevice>;
  looking: boolean;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
}) {
  const id = useId();
  const error = form.formState.errors.deviceId?.message;
  return (
    <form noValidate className="grid grid-cols-[minmax(0,1fr)] gap-1" onSubmit={onSubmit}>
      <Label htmlFor={`${id}-device`}>Device ID</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-device`}
          {...form.register('deviceId', {
            onChange: () => form.clearErrors('deviceId'),
          })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-device-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={looking}>
          {looking ? 'Finding...' : 'Add'}
        </Button>
      </div>
      <FieldError id={`${id}-device-error`} message={error} />
    </form>
  );
}
