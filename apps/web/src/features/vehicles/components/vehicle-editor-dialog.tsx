import { VIN_AUTO_DECODE_DELAY_MS } from '@toolkit/contracts/constants.ts';
import { VEHICLE_MESSAGES } from '@toolkit/contracts/vehicles.ts';
import { checkVin } from '@toolkit/contracts/vin.ts';
import { useEffect, useEffectEvent, useId, useState, type SyntheticEvent } from 'react';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useDecodeVin } from '../api/decode-vin.ts';
import { useUpdateVehicle } from '../api/update-vehicle.ts';
import { validateVehicleForm, vehicleFormValues, type VehicleFormValues } from '../utils/vehicle-form.ts';
import type { VehicleDialogProps } from '../utils/vehicle-list.ts';
import { decodeFailure, decodePrecheck, interpretDecode, type DecodeOutcome } from '../utils/vin-decode.ts';
import { VinField } from './vin-field.tsx';
import { VinScannerDialog } from './vin-scanner-dialog.tsx';

const [UPDATE_FAILED_TITLE = 'Update Failed', UPDATE_FAILED_TEXT = ''] =
  VEHICLE_MESSAGES.updateFailed.split(' - ');

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  numeric?: boolean;
};

function TextField({ id, label, value, error, onChange, onBlur, numeric = false }: TextFieldProps) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
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
  const [values, setValues] = useState<VehicleFormValues>(() => vehicleFormValues(vehicle));
  const [touched, setTouched] = useState<Partial<Record<keyof VehicleFormValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [decodeOutcome, setDecodeOutcome] = useState<DecodeOutcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const decode = useDecodeVin();
  const update = useUpdateVehicle(clientId, vehicle.id);

  const { errors } = validateVehicleForm(values);
  const shown = (field: keyof VehicleFormValues): string | undefined =>
    submitted || touched[field] ? errors[field] : undefined;
  const set = (field: keyof VehicleFormValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: keyof VehicleFormValues) => () => setTouched((t) => ({ ...t, [field]: true }));

  const showOutcome = (outcome: DecodeOutcome) => {
    setDecodeOutcome(outcome);
    setValues((v) => ({ ...v, ...outcome.fill }));
    if (outcome.toast) toast(outcome.toast);
  };
  const runDecode = (vin: string) => {
    const refused = decodePrecheck(vin);
    if (refused) return showOutcome(refused);
    decode.mutate(vin, {
      onSuccess: (result) => showOutcome(interpretDecode(result)),
      onError: (error) => showOutcome(decodeFailure(error)),
    });
  };
  const autoDecode = useEffectEvent((vin: string) => runDecode(vin));

  // §9: auto-decode after a 1 s pause when 17 valid characters are in and make, model, year are empty.
  const canAutoDecode =
    checkVin(values.vin).state === 'valid' &&
    !values.make.trim() &&
    !values.model.trim() &&
    !values.year.trim();
  useEffect(() => {
    if (!canAutoDecode) return;
    const vin = values.vin;
    const timer = setTimeout(() => autoDecode(vin), VIN_AUTO_DECODE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canAutoDecode, values.vin]);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { update: body } = validateVehicleForm(values);
    if (!body) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        toast({
          title: 'Vehicle Updated',
          description: saved.syncedToNavigator
            ? `${vehicle.vehicleId} was saved and synced to the external system.`
            : `${vehicle.vehicleId} was saved locally.`,
        });
        onDone();
      },
      onError: () =>
        toast({ title: UPDATE_FAILED_TITLE, description: UPDATE_FAILED_TEXT, variant: 'destructive' }),
    });
  };

  return (
    <DialogContent title="Vehicle Information" description={`Edit the details of ${vehicle.vehicleId}.`}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <VinField
          id={`${id}-vin`}
          value={values.vin}
          onChange={(vin) => {
            setValues((v) => ({ ...v, vin }));
            setDecodeOutcome(null);
          }}
          submitError={submitted ? errors.vin : undefined}
          decoding={decode.isPending}
          decodeOutcome={decodeOutcome}
          onDecode={() => runDecode(values.vin)}
          onScan={() => setScanning(true)}
        />
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          <TextField
            id={`${id}-make`}
            label="Make"
            value={values.make}
            error={shown('make')}
            onChange={set('make')}
            onBlur={touch('make')}
          />
          <TextField
            id={`${id}-model`}
            label="Model"
            value={values.model}
            error={shown('model')}
            onChange={set('model')}
            onBlur={touch('model')}
          />
          <TextField
            id={`${id}-year`}
            label="Year"
            value={values.year}
            error={shown('year')}
            onChange={set('year')}
            onBlur={touch('year')}
            numeric
          />
          <TextField
            id={`${id}-odometer`}
            label="Odometer (miles)"
            value={values.odometer}
            error={shown('odometer')}
            onChange={set('odometer')}
            onBlur={touch('odometer')}
            numeric
          />
        </div>
        <FormActions onCancel={onDone} pending={update.isPending} submitLabel="Save" />
      </form>
      <VinScannerDialog
        open={scanning}
        onOpenChange={setScanning}
        onVin={(vin) => {
          setValues((v) => ({ ...v, vin }));
          setDecodeOutcome(null);
        }}
        vinField={() => document.getElementById(`${id}-vin`)}
      />
    </DialogContent>
  );
}
