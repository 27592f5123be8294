import { DEVICE_MESSAGES, DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast-store.ts';
// The devices feature shares its Create Device dialog for this screen (§2 workspace dialogs).
import { CreateDeviceDialog } from '../../devices/components/create-device-dialog.tsx';
import { useAssignDevices } from '../api/assign-device.ts';
import { clientDevicesQueryOptions, useClientDevices } from '../api/get-client-devices.ts';
import { vehicleDevicesQueryOptions } from '../api/get-vehicle-devices.ts';
import { vehiclesQueryKey } from '../../../lib/vehicle-list-query.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import type { VehicleListItem } from '../utils/vehicle-list.ts';

type TypeFilter = 'all' | DeviceType;
const FILTERS: readonly TypeFilter[] = ['all', ...DEVICE_TYPES];

/** Add Device (§2): pick a type, then assign one of the agency's unassigned devices of that type. */
export function AddDeviceDialog({
  vehicle,
  clientId,
  onDone,
}: {
  vehicle: VehicleListItem;
  clientId: number;
  onDone: () => void;
}) {
  const [type, setType] = useState<TypeFilter>('all');
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const devices = useClientDevices(clientId);
  const assign = useAssignDevices(clientId, vehicle.id);
  const unassigned = useMemo(
    () => (devices.data ?? []).filter((d) => d.vehicleId === null && (type === 'all' || d.type === type)),
    [devices.data, type],
  );

  const onAssign = (deviceId: string) => {
    assign.mutate(
      { deviceIds: [deviceId], vehicleId: vehicle.id, clientId },
      {
        onSuccess: (response) => {
          const failed = response.assignmentResults.find((r) => r.error !== null && !r.localAssigned);
          if (failed) {
            toast({
              title: 'Assignment Failed',
              description: failed.error ?? DEVICE_MESSAGES.assignFailed,
              variant: 'destructive',
            });
            return;
          }
          const n = response.assignmentResults.length;
          const external = response.assignmentResults.some((r) => r.navigatorAssigned);
          toast({
            title: 'Device Assigned',
            description: external
              ? `${String(n)} devices successfully assigned to the external system.`
              : `${String(n)} devices assigned locally; they will be sent to the external system when it can be reached.`,
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Assignment Failed',
            description: errorMessage(error, DEVICE_MESSAGES.assignFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  const onCreated = () => {
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: clientDevicesQueryOptions(clientId).queryKey }),
      queryClient.invalidateQueries({ queryKey: vehicleDevicesQueryOptions(vehicle.id).queryKey }),
      queryClient.invalidateQueries({ queryKey: vehiclesQueryKey(clientId) }),
    ]);
    onDone();
  };

  return (
    <DialogContent
      title="Add Device"
      description={`Assign an unassigned device to ${vehicle.vehicleId}, or create a new one.`}
    >
      <div role="group" aria-label="Device type" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={type === f}
            onClick={() => setType(f)}
            className={cn(
              'min-h-11 min-w-11 rounded-lg border-2 px-3 font-semibold',
              type === f
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-surface hover:bg-surface-muted',
            )}
          >
            {f === 'all' ? 'All' : f}
          </button>
        ))}
      </div>
      {type === 'all' ? (
        <p className="mb-3 text-muted-foreground">Choose a device type to create a new device.</p>
      ) : type === 'Other' ? null : (
        <>
          <Button variant="outline" className="mb-3 w-full" onClick={() => setCreating(true)}>
            Create New {type} Device
          </Button>
          <CreateDeviceDialog
            clientId={clientId}
            type={type}
            vehicleId={vehicle.id}
            open={creating}
            onOpenChange={setCreating}
            onCreated={onCreated}
          />
        </>
      )}
      {devices.isPending && <p role="status">Loading devices...</p>}
      {devices.isError && (
        <p role="alert" className="text-destructive">
          Error loading devices. Check the connection and try again.
        </p>
      )}
      {devices.data && unassigned.length === 0 && (
        <p className="rounded-lg bg-surface-muted p-3">
          No unassigned {type === 'all' ? '' : `${type} `}devices in this agency.
        </p>
      )}
      {unassigned.length > 0 && (
        <ul aria-label="Unassigned devices" className="grid max-h-80 gap-2 overflow-y-auto">
          {unassigned.map((d) => (
            <li
              key={d.id}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-border p-2"
            >
              <span className="min-w-0 break-all">
                <span className="font-semibold">{d.deviceId}</span>{' '}
                <span className="text-muted-foreground">
                  {d.type}
                  {d.name ? ` • ${d.name}` : ''}
                </span>
              </span>
              <Button
                size="md"
                onClick={() => onAssign(d.deviceId)}
                disabled={assign.isPending}
                aria-label={`Assign ${d.deviceId}`}
              >
                Assign
              </Button>
            </li>
          ))}
        </ul>
      )}
    </DialogContent>
  );
}
