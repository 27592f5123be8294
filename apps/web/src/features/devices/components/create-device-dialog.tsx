import { DEVICE_MESSAGES, type CreateDeviceResponse, type DeviceType } from '@toolkit/contracts/devices.ts';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateDevice } from '../api/create-device.ts';
import { useDeviceSystems } from '../api/get-device-systems.ts';
import { useSingleFlight } from '../hooks/use-single-flight.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { CreateDeviceForm, type CreateDeviceOutput } from './create-device-form.tsx';

type CreateDeviceDialogProps = {
  clientId: number;
  /** Fixed from the chosen filter (§5). */
  type: DeviceType;
  /** When set, the new device is assigned to this vehicle. */
  vehicleId?: number | null;
  /** Prefills the serial number: the id read from the device's label. */
  serialNumber?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (response: CreateDeviceResponse) => void;
};

/** The success text, saying whether the external system took the assignment. */
function createdMessage(response: CreateDeviceResponse, withVehicle: boolean): string {
  if (!withVehicle) return response.message;
  const outcome = response.navigatorAssigned
    ? 'The external system accepted the assignment.'
    : 'The assignment is saved locally only; the external system will be updated when it can be reached.';
  return `${response.message}. ${outcome}`;
}

/** Create Device (§5). Shared: the vehicles screen can open it with a vehicleId. */
export function CreateDeviceDialog({
  clientId,
  type,
  vehicleId = null,
  serialNumber,
  open,
  onOpenChange,
  onCreated,
}: CreateDeviceDialogProps) {
  // Loaded before the dialog opens, so that the form is ready at once.
  const systems = useDeviceSystems(clientId);
  const create = useCreateDevice();
  const once = useSingleFlight();

  const submit = (input: CreateDeviceOutput) =>
    once(() =>
      create.mutateAsync(input, {
        onSuccess: (result) => {
          if (result.status === 'queued') {
            toast({ title: 'Device saved', description: SAVED_OFFLINE });
          } else {
            toast({
              title: 'Device Created',
              description: createdMessage(result.answer, vehicleId !== null),
            });
            onCreated?.(result.answer);
          }
          onOpenChange(false);
        },
        onError: (error) => {
          toast({
            title: 'Creation Failed',
            description: errorMessage(error, DEVICE_MESSAGES.createFailed),
            variant: 'destructive',
          });
        },
      }),
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Create ${type} Device`}
        description="The new device is added to this client and to the external system."
      >
        {systems.isPending ? (
          <LoadingState label="Loading device systems" rows={2} rowClassName="h-11" />
        ) : systems.isError ? (
          <ErrorState
            title="Could not load the device systems"
            variant="inline"
            onRetry={() => void systems.refetch()}
          >
            <p className="text-muted-foreground">
              {errorMessage(systems.error, 'Please check your connection and try again.')}
            </p>
          </ErrorState>
        ) : (
          <CreateDeviceForm
            key={`${type}-${String(vehicleId)}-${serialNumber ?? ''}`}
            type={type}
            systems={systems.data}
            clientId={clientId}
            vehicleId={vehicleId}
            serialNumber={serialNumber}
            pending={create.isPending}
            onSubmit={submit}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
