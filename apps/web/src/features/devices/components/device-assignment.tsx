import type { AssignmentResult, Device } from '@toolkit/contracts/devices.ts';
import { CloudCheck, HardDrive, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useUnassignDevice } from '../api/unassign-device.ts';
import { useSingleFlight } from '../hooks/use-single-flight.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.ts';
import { AssignDeviceDialog } from './lazy-dialogs.ts';
import { intentHandlers } from '../../../lib/lazy-module.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';

type LastChange = { action: 'Assigned' | 'Unassigned'; external: boolean; error: string | null };

/** Whether the last change reached the external system or is kept locally only. */
function SyncOutcome({ change }: { change: LastChange }) {
  const Icon = change.external ? CloudCheck : HardDrive;
  return (
    <p
      role="status"
      aria-label="Last change"
      className="flex items-start gap-2 rounded-lg bg-surface-muted p-2"
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <span>
        {change.action}:{' '}
        {change.external
          ? 'reached the external system.'
          : 'saved locally only; the external system will be updated when it can be reached.'}
        {change.error && <span className="block text-sm text-muted-foreground">{change.error}</span>}
      </span>
    </p>
  );
}

type DeviceAssignmentProps = {
  device: Device;
  /** Called after the device was assigned, reassigned or unassigned (the list keeps it in view). */
  onChanged?: (deviceId: string) => void;
};

/** Assign / Reassign / Unassign for one device. */
export function DeviceAssignment({ device, onChanged }: DeviceAssignmentProps) {
  const [assignOpen, setAssignOpen] = useState(false);
  const [confirmUnassign, setConfirmUnassign] = useState(false);
  const [lastChange, setLastChange] = useState<LastChange | null>(null);
  const unassign = useUnassignDevice();
  const once = useSingleFlight();
  const assigned = device.vehicleId !== null;

  const onAssigned = (result: AssignmentResult) => {
    setLastChange({ action: 'Assigned', external: result.navigatorAssigned, error: result.error });
    onChanged?.(device.deviceId);
  };

  const doUnassign = () =>
    once(() =>
      unassign.mutateAsync(
        {
          input: { deviceId: device.deviceId, clientId: device.clientId },
          vehicleLabel: device.vehicleLabel,
        },
        {
          onSuccess: (result) => {
            setConfirmUnassign(false);
            if (result.status === 'queued') {
              toast({ title: 'Device Unassigned', description: SAVED_OFFLINE });
              return;
            }
            const data = result.answer;
            toast({ title: 'Device Unassigned', description: data.message });
            setLastChange({ action: 'Unassigned', external: data.navigatorUnassigned, error: data.error });
            onChanged?.(device.deviceId);
          },
          onError: (error) => {
            toast({
              title: 'Unassignment Failed',
              description: errorMessage(error, 'Failed to unassign device'),
              variant: 'destructive',
            });
            setConfirmUnassign(false);
          },
        },
      ),
    );

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant={assigned ? 'outline' : 'primary'}
          aria-haspopup="dialog"
          {...intentHandlers(AssignDeviceDialog.preload)}
          onClick={() => setAssignOpen(true)}
        >
          <Link2 aria-hidden className="size-5" />
          {assigned ? 'Reassign' : 'Assign to Vehicle'}
        </Button>
        {assigned && (
          <Button
            variant="outline"
            disabled={unassign.isPending}
            aria-haspopup="dialog"
            {...intentHandlers(ConfirmDialog.preload)}
            onClick={() => setConfirmUnassign(true)}
          >
            <Unlink aria-hidden className="size-5" />
            {unassign.isPending ? 'Unassigning...' : 'Unassign'}
          </Button>
        )}
      </div>
      {lastChange && <SyncOutcome change={lastChange} />}
      <AssignDeviceDialog
        device={device}
        open={assignOpen}
        onOpenChange={setAssignOpen}
        onAssigned={onAssigned}
      />
      <ConfirmDialog
        open={confirmUnassign}
        onOpenChange={setConfirmUnassign}
        title="Unassign Device?"
        description={`Remove ${device.deviceId} from vehicle ${device.vehicleLabel ?? ''}?`}
        confirmLabel={unassign.isPending ? 'Unassigning...' : 'Unassign'}
        pending={unassign.isPending}
        onConfirm={doUnassign}
      />
    </div>
  );
}
