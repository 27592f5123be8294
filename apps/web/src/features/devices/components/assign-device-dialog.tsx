import type { AssignmentResult, Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useAssignDevices } from '../api/assign-devices.ts';
import { useSingleFlight } from '../hooks/use-single-flight.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { REASSIGN_TITLE, reassignQuestion } from '../utils/reassign.ts';
import { VehicleChooser } from './vehicle-chooser-slot.tsx';

type AssignDeviceDialogProps = {
  device: Device;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAssigned: (result: AssignmentResult) => void;
};

/** Assign an unassigned device, or reassign one (after a confirmation naming both vehicles). */
export function AssignDeviceDialog({ device, open, onOpenChange, onAssigned }: AssignDeviceDialogProps) {
  const assign = useAssignDevices();
  const once = useSingleFlight();
  const [target, setTarget] = useState<Vehicle | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reassign = device.vehicleId !== null;
  const current = device.vehicleLabel ?? 'its current vehicle';

  const close = () => {
    setTarget(null);
    setConfirming(false);
    onOpenChange(false);
  };

  const submit = (vehicle: Vehicle) =>
    once(() =>
      assign.assign(
        {
          deviceIds: [device.deviceId],
          vehicleId: vehicle.id,
          clientId: device.clientId,
          expected: [{ deviceId: device.deviceId, vehicleId: device.vehicleId }],
        },
        {
          successTitle: reassign ? 'Device Reassigned' : 'Device Assigned',
          vehicleLabel: vehicle.vehicleId,
          onQueued: close,
          onAssigned: ([result]) => {
            if (result) onAssigned(result);
            close();
          },
          onFailed: () => setConfirming(false),
        },
      ),
    );

  const onAssignClick = () => {
    if (!target) return;
    if (reassign) setConfirming(true);
    else submit(target);
  };

  const verb = reassign ? 'Reassign' : 'Assign';
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title={`${verb} ${device.deviceId}`}
        description={
          reassign
            ? `Currently on vehicle ${current}. Choose the new vehicle.`
            : 'Choose the vehicle to fit this device to.'
        }
      >
        <div className="grid gap-4">
          <VehicleChooser
            clientId={device.clientId}
            enabled={open}
            excludeId={device.vehicleId}
            selectedId={target?.id ?? null}
            onSelect={setTarget}
          />
          <Button size="lg" disabled={!target || assign.isPending} onClick={onAssignClick}>
            {assign.isPending
              ? 'Assigning...'
              : target
                ? `${verb} to Vehicle ${target.vehicleId}`
                : 'Choose a vehicle'}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={REASSIGN_TITLE}
          description={reassignQuestion(
            [{ deviceId: device.deviceId, from: current }],
            target?.vehicleId ?? '',
          )}
          confirmLabel={assign.isPending ? 'Reassigning...' : 'Reassign'}
          pending={assign.isPending}
          onConfirm={() => target && submit(target)}
        />
      </DialogContent>
    </Dialog>
  );
}
