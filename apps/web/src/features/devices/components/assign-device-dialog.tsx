import type { AssignmentResult, Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useAssignDevices } from '../api/assign-devices.ts';
import { useAssignmentList } from '../hooks/use-assignment-list.ts';
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
  const reassign = device.vehicleId !== null;
  const current = device.vehicleLabel ?? 'its current vehicle';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`${reassign ? 'Reassign' : 'Assign'} ${device.deviceId}`}
        description={
          reassign
            ? `Currently on vehicle ${current}. Choose the new vehicle.`
            : 'Choose the vehicle to fit this device to.'
        }
      >
        {/* Mounted while open: each opening starts from the device as it is then. */}
        <AssignDeviceChoice device={device} onClose={() => onOpenChange(false)} onAssigned={onAssigned} />
      </DialogContent>
    </Dialog>
  );
}

/** The vehicle chooser, Assign and the reassign question, for the device chosen when it opened. */
function AssignDeviceChoice({
  device,
  onClose,
  onAssigned,
}: {
  device: Device;
  onClose: () => void;
  onAssigned: (result: AssignmentResult) => void;
}) {
  const assign = useAssignDevices();
  const once = useSingleFlight();
  const chosen = useAssignmentList(device.clientId, { single: true, initial: [device] });
  const [target, setTarget] = useState<Vehicle | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reassign = device.vehicleId !== null;

  const submit = (vehicle: Vehicle) =>
    once(() =>
      assign.assign(chosen.assignmentTo(vehicle.id), {
        successTitle: reassign ? 'Device Reassigned' : 'Device Assigned',
        vehicleLabel: vehicle.vehicleId,
        onQueued: onClose,
        onAssigned: ([result]) => {
          if (result) onAssigned(result);
          onClose();
        },
        onFailed: () => setConfirming(false),
      }),
    );

  const onAssignClick = () => {
    if (!target) return;
    if (chosen.movesTo(target.id).length > 0) setConfirming(true);
    else submit(target);
  };

  return (
    <>
      <div className="grid gap-4">
        <VehicleChooser
          clientId={device.clientId}
          enabled
          excludeId={device.vehicleId}
          selectedId={target?.id ?? null}
          onSelect={setTarget}
        />
        <Button size="lg" disabled={!target || assign.isPending} onClick={onAssignClick}>
          {assign.isPending
            ? 'Assigning...'
            : target
              ? `${reassign ? 'Reassign' : 'Assign'} to Vehicle ${target.vehicleId}`
              : 'Choose a vehicle'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={REASSIGN_TITLE}
        description={reassignQuestion(target ? chosen.movesTo(target.id) : [], target?.vehicleId ?? '')}
        confirmLabel={assign.isPending ? 'Reassigning...' : 'Reassign'}
        pending={assign.isPending}
        onConfirm={() => target && submit(target)}
      />
    </>
  );
}
