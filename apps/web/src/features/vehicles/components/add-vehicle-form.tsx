import { zodResolver } from '@hookform/resolvers/zod';
import { CreateVehicleInputSchema, VEHICLE_MESSAGES } from '@toolkit/contracts/vehicles.ts';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { dismissToast, toast } from '../../../lib/toast-store.ts';
import { useCreateVehicle, type CreateVehicleOutcome } from '../api/create-vehicle.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { isDuplicateVehicleId } from '../utils/vehicle-list.ts';

const VEHICLE_CREATED = 'Local vehicle created';
const VEHICLE_CREATED_IN_TRACKING = 'Vehicle created';
const NOT_IN_TRACKING =
  'It will not appear in the tracking system until it is added through the tracking system’s admin interface.';

/** §5 Add vehicle: id required, no duplicate in the agency (any case), description optional. */
export function validateNewVehicle(
  vehicleId: string,
  existing: readonly { vehicleId: string }[],
): string | null {
  const id = vehicleId.trim();
  if (!id) return VEHICLE_MESSAGES.idRequired;
  if (isDuplicateVehicleId(existing, id)) return VEHICLE_MESSAGES.duplicate(id);
  return null;
}

export type AddVehicleDialogProps = {
  clientId: number;
  existing: readonly { vehicleId: string }[];
  /** Told of the new vehicle (the installer workspace chooses it). */
  onCreated?: (outcome: CreateVehicleOutcome) => void;
};

/** The dialog of 'Add Vehicle' (add-vehicle-dialog.tsx), loaded when the installer reaches for it. */
export function AddVehicleFormDialog(
  props: AddVehicleDialogProps & { onDone: (outcome?: CreateVehicleOutcome) => void },
) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onDone();
      }}
    >
      <AddVehicleForm {...props} />
    </Dialog>
  );
}

/** The form's fields of the contract (§5), plus the agency's own rule: no duplicate vehicle ID. */
function newVehicleSchema(existing: readonly { vehicleId: string }[]) {
  return CreateVehicleInputSchema.pick({ vehicleId: true, description: true }).superRefine((v, ctx) => {
    const problem = validateNewVehicle(v.vehicleId, existing);
    if (problem) ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: problem });
  });
}
type NewVehicleSchema = ReturnType<typeof newVehicleSchema>;
type NewVehicleValues = z.input<NewVehicleSchema>;
type NewVehicleOutput = z.output<NewVehicleSchema>;

function AddVehicleForm({
  clientId,
  existing,
  onDone,
}: AddVehicleDialogProps & { onDone: (outcome?: CreateVehicleOutcome) => void }) {
  const id = useId();
  const create = useCreateVehicle();
  const form = useForm<NewVehicleValues, unknown, NewVehicleOutput>({
    resolver: zodResolver(newVehicleSchema(existing)),
    defaultValues: { vehicleId: '', description: '' },
  });
  const error = form.formState.errors.vehicleId?.message;
  const [confirmed, setConfirmed] = useState<NewVehicleOutput | null>(null);
  // The 'required' toast goes as soon as it no longer applies, so it never sits beside another error.
  const [requiredToast, setRequiredToast] = useState<string | null>(null);
  const clearRequiredToast = () => setRequiredToast(null);
  // A toast that no longer applies (replaced, cleared, or the dialog closed) is dismissed.
  useEffect(() => {
    if (requiredToast === null) return;
    return () => dismissToast(requiredToast);
  }, [requiredToast]);

  const onInvalid = (errors: FieldErrors<NewVehicleValues>) => {
    clearRequiredToast();
    if (errors.vehicleId?.message === VEHICLE_MESSAGES.idRequired) {
      const shown = toast({
        title: VEHICLE_MESSAGES.idRequired,
        description: VEHICLE_MESSAGES.idRequiredHint,
        variant: 'destructive',
      });
      setRequiredToast(shown);
    }
  };

  const onConfirm = (values: NewVehicleOutput) => {
    const input = { vehicleId: values.vehicleId, description: values.description, clientId };
    create.mutate(input, {
      onSuccess: (outcome) => {
        // A platform that keeps vehicles (Traccar) has it too: then it is not a local vehicle.
        if (outcome.kind === 'created' && !outcome.vehicle.isLocal) {
          toast({
            title: VEHICLE_CREATED_IN_TRACKING,
            description: `Vehicle ${input.vehicleId} was created here and in the tracking system.`,
          });
        } else {
          const description =
            outcome.kind === 'created'
              ? `Vehicle ${input.vehicleId} was created. ${NOT_IN_TRACKING}`
              : `${SAVED_OFFLINE}. ${NOT_IN_TRACKING}`;
          toast({ title: VEHICLE_CREATED, description });
        }
        onDone(outcome);
      },
      onError: (err) => {
        toast({
          title: VEHICLE_MESSAGES.createFailed,
          description: errorMessage(err, VEHICLE_MESSAGES.createFailed),
          variant: 'destructive',
        });
        setConfirmed(null);
      },
    });
  };

  if (confirmed) {
    return (
      <DialogContent
        title="Confirm Vehicle Creation"
        description="Check the details before the vehicle is created."
      >
        <dl className="grid gap-2 rounded-lg bg-surface-muted p-3">
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Vehicle ID</dt>
            <dd className="text-lg font-bold break-all">{confirmed.vehicleId}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Description</dt>
            <dd className="break-words">{confirmed.description ?? '—'}</dd>
          </div>
        </dl>
        <p className="mt-3 text-muted-foreground">This creates a local vehicle. {NOT_IN_TRACKING}</p>
        <div className="mt-5 grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={() => setConfirmed(null)} disabled={create.isPending}>
            Back
          </Button>
          <Button onClick={() => onConfirm(confirmed)} disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Vehicle'}
          </Button>
        </div>
      </DialogContent>
    );
  }

  return (
    <DialogContent title="Add New Vehicle" description="Create a vehicle for this agency.">
      <form
        noValidate
        onSubmit={(e) => {
          clearRequiredToast();
          void form.handleSubmit(setConfirmed, onInvalid)(e);
        }}
        className="grid gap-4"
      >
        <div>
          <Label htmlFor={`${id}-vehicle-id`}>Vehicle ID</Label>
          <Input
            id={`${id}-vehicle-id`}
            {...form.register('vehicleId', { onChange: clearRequiredToast })}
            autoComplete="off"
            autoCapitalize="characters"
            aria-required
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${id}-vehicle-id-error` : undefined}
            className="mt-1"
          />
          <FieldError id={`${id}-vehicle-id-error`} message={error} />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Textarea id={`${id}-description`} {...form.register('description')} className="mt-1" />
        </div>
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </DialogContent>
  );
}
