import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateDeviceInputSchema,
  filterSystemsByType,
  type CreateDeviceInput,
  type DeviceSystem,
  type DeviceType,
} from '@toolkit/contracts/devices.ts';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldError as HookFieldError,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { fieldClasses, Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { createDeviceFields, visibleValues } from '../utils/device-form.ts';

export type CreateDeviceOutput = z.output<typeof CreateDeviceInputSchema>;

const schemaResolver = zodResolver(CreateDeviceInputSchema);
/** Validates with the shared schema, ignoring fields the form does not show for the type/system. */
const resolver: Resolver<CreateDeviceInput, unknown, CreateDeviceOutput> = (values, context, options) =>
  schemaResolver(visibleValues(values), context, options);

type CreateDeviceFormProps = {
  type: DeviceType;
  systems: readonly DeviceSystem[];
  clientId: number;
  vehicleId?: number | null;
  /** The serial number read from the device's label (the workspace's scan or typed id). */
  serialNumber?: string;
  pending: boolean;
  onSubmit: (input: CreateDeviceOutput) => void;
};

type TextField =
  | 'name'
  | 'serialNumber'
  | 'serialNumberESN'
  | 'phoneNumber'
  | 'simCardId'
  | 'imei'
  | 'heightToFloor'
  | 'heightToStreet';

export function CreateDeviceForm({
  type,
  systems,
  clientId,
  vehicleId = null,
  serialNumber = '',
  pending,
  onSubmit,
}: CreateDeviceFormProps) {
  const id = useId();
  const form = useForm<CreateDeviceInput, unknown, CreateDeviceOutput>({
    resolver,
    defaultValues: {
      name: '',
      type,
      deviceSystem: '',
      serialNumber,
      serialNumberESN: '',
      phoneNumber: '',
      simCardId: '',
      imei: '',
      heightToFloor: '',
      heightToStreet: '',
      hasStairs: false,
      clientId,
      vehicleId,
    },
  });
  const { errors } = form.formState;
  const offered = useMemo(() => filterSystemsByType(systems, type), [systems, type]);
  const system = useWatch({ control: form.control, name: 'deviceSystem' });
  const fields = createDeviceFields(type, system);

  // §5: a selection no longer in the list is cleared.
  const stale = system !== '' && !offered.some((s) => s.name === system);
  useEffect(() => {
    if (stale) form.setValue('deviceSystem', '', { shouldValidate: form.formState.isSubmitted });
  }, [stale, form]);

  const text = (
    name: TextField,
    label: string,
    options: { required?: boolean; inputMode?: 'numeric' | 'decimal' | 'tel'; hint?: ReactNode } = {},
  ) => {
    const error = errors[name] as HookFieldError | undefined;
    const errorId = `${id}-${name}-error`;
    return (
      <div>
        <Label htmlFor={`${id}-${name}`}>
          {label}
          {options.required && <span aria-hidden> *</span>}
        </Label>
        {options.hint}
        <Input
          id={`${id}-${name}`}
          className="mt-1"
          autoComplete="off"
          inputMode={options.inputMode}
          type={options.inputMode === 'tel' ? 'tel' : 'text'}
          aria-required={options.required ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register(name)}
        />
        <FieldError id={errorId} message={error?.message} />
      </div>
    );
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="grid gap-4">
      <p className="text-muted-foreground">Type: {type}. Fields marked * are required.</p>
      {text('name', 'Device name', { required: true })}
      <div>
        <Label htmlFor={`${id}-system`}>
          Device system<span aria-hidden> *</span>
        </Label>
        <select
          id={`${id}-system`}
          className={`${fieldClasses} mt-1`}
          aria-required
          aria-invalid={errors.deviceSystem ? true : undefined}
          aria-describedby={errors.deviceSystem ? `${id}-system-error` : undefined}
          {...form.register('deviceSystem')}
        >
          <option value="">Choose a system</option>
          {offered.map((s) => (
            <option key={s.id} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
        {offered.length === 0 && (
          <p className="mt-1 text-muted-foreground">No {type} systems are set up for this client.</p>
        )}
        <FieldError id={`${id}-system-error`} message={errors.deviceSystem?.message} />
      </div>
      {text('serialNumber', 'Serial number', { required: fields.serialRequired })}
      {fields.esnAndPhone && (
        <>
          {text('serialNumberESN', 'ESN', { inputMode: 'numeric' })}
          {text('phoneNumber', 'Phone number', { inputMode: 'tel' })}
        </>
      )}
      {fields.simCard && text('simCardId', 'SIM card ID', { inputMode: 'numeric' })}
      {fields.imei && text('imei', 'IMEI', { inputMode: 'numeric' })}
      {fields.apc && (
        <>
          {text('heightToFloor', 'Height to floor', { required: true, inputMode: 'decimal' })}
          {text('heightToStreet', 'Height to street', { required: true, inputMode: 'decimal' })}
          <Controller
            control={form.control}
            name="hasStairs"
            render={({ field }) => (
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id={`${id}-stairs`}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
                <Label htmlFor={`${id}-stairs`} className="font-medium">
                  Has Stairs
                </Label>
              </div>
            )}
          />
        </>
      )}
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Creating...' : 'Create Device'}
      </Button>
    </form>
  );
}
