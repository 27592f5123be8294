import { zodResolver } from '@hookform/resolvers/zod';
import { VIN_AUTO_DECODE_DELAY_MS } from '@toolkit/contracts/constants.ts';
import { VEHICLE_MESSAGES } from '@toolkit/contracts/vehicles.ts';
import { checkVin } from '@toolkit/contracts/vin.ts';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useDecodeVin } from '../api/decode-vin.ts';
import { useUpdateVehicle } from '../api/update-vehicle.ts';
import {
  VehicleFormSchema,
  isBlank,
  vehicleFormValues,
  vehicleUpdate,
  type VehicleFormInput,
  type VehicleFormOutput,
} from '../utils/vehicle-form.ts';
import type { VehicleDialogProps } from '../utils/vehicle-list.ts';
import { decodeFailure, decodePrecheck, interpretDecode, type DecodeOutcome } from '../utils/vin-decode.ts';
import { VinField } from './vin-field.tsx';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { VinScannerDialog } from '../../../components/capture/vin-scanner-dialog.tsx';

const [UPDATE_FAILED_TITLE = 'Update Failed', UPDATE_FAILED_TEXT = ''] =
  VEHICLE_MESSAGES.updateFailed.split(' - ');

type TextFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
  numeric?: boolean;
};

function TextField({ id, label, error, field, numeric = false }: TextFieldProps) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...field}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The Vehicle Information editor (§2, §5): VIN with decode and scan, make, model, year, odometer. */
export function VehicleEditorDialog({ vehicle, clientId, onDone }: VehicleDialogProps) {
  const id = useId();
  const form = useForm<VehicleFormInput, unknown, VehicleFormOutput>({
    resolver: zodResolver(VehicleFormSchema),
    defaultValues: vehicleFormValues(vehicle),
    mode: 'onTouched',
  });
  const { errors, isSubmitted } = form.formState;
  const [decodeOutcome, setDecodeOutcome] = useState<DecodeOutcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const decode = useDecodeVin();
  // A vehicle made without signal is named by its local id: the outbox holds the edit (decision 043).
  const update = useUpdateVehicle(clientId, vehicle);
  const [vin, make, model, year] = useWatch({
    control: form.control,
    name: ['vin', 'make', 'model', 'year'],
  });

  const setVin = (next: string) => {
    form.setValue('vin', next, { shouldValidate: isSubmitted, shouldDirty: true });
    setDecodeOutcome(null);
  };
  const showOutcome = (outcome: DecodeOutcome) => {
    setDecodeOutcome(outcome);
    for (const [field, value] of Object.entries(outcome.fill)) {
      if (field === 'make' || field === 'model' || field === 'year')
        form.setValue(field, String(value), { shouldValidate: isSubmitted, shouldDirty: true });
    }
    if (outcome.toast) toast(outcome.toast);
  };
  const runDecode = (value: string) => {
    const refused = decodePrecheck(value);
    if (refused) return showOutcome(refused);
    decode.mutate(value, {
      onSuccess: (result) => showOutcome(interpretDecode(result)),
      onError: (error) => showOutcome(decodeFailure(error)),
    });
  };
  const autoDecode = useEffectEvent((value: string) => runDecode(value));

  // §9: auto-decode after a 1 s pause when 17 valid characters are in and make, model, year are empty.
  const canAutoDecode = checkVin(vin).state === 'valid' && isBlank(make) && isBlank(model) && isBlank(year);
  useEffect(() => {
    if (!canAutoDecode) return;
    const timer = setTimeout(() => autoDecode(vin), VIN_AUTO_DECODE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canAutoDecode, vin]);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(vehicleUpdate(values), {
      onSuccess: (saved) => {
        toast({
          title: 'Vehicle Updated',
          description:
            saved.status === 'queued'
              ? SAVED_OFFLINE
              : saved.answer.syncedToNavigator
                ? `${vehicle.vehicleId} was saved and synced to the external system.`
                : `${vehicle.vehicleId} was saved locally.`,
        });
        onDone();
      },
      onError: () =>
        toast({ title: UPDATE_FAILED_TITLE, description: UPDATE_FAILED_TEXT, variant: 'destructive' }),
    });
  });

  const text = (field: 'make' | 'model' | 'year' | 'odometer', label: string, numeric = false) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      error={errors[field]?.message}
      field={form.register(field)}
      numeric={numeric}
    />
  );

  return (
    <DialogContent title="Vehicle Information" description={`Edit the details of ${vehicle.vehicleId}.`}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <VinField
          id={`${id}-vin`}
          value={vin}
          onChange={setVin}
          submitError={isSubmitted ? errors.vin?.message : undefined}
          decoding={decode.isPending}
          decodeOutcome={decodeOutcome}
          onDecode={() => runDecode(vin)}
          onScan={() => setScanning(true)}
        />
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          {text('make', 'Make')}
          {text('model', 'Model')}
          {text('year', 'Year', true)}
          {text('odometer', 'Odometer (miles)', true)}
        </div>
        <FormActions onCancel={onDone} pending={update.isPending} submitLabel="Save" />
      </form>
      <VinScannerDialog
        open={scanning}
        onOpenChange={setScanning}
        onVin={setVin}
        vinField={() => document.getElementById(`${id}-vin`)}
      />
    </DialogContent>
  );
}
