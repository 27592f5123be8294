import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
// The devices feature shares its Create Device dialog and its assignment for this screen.
import { CreateDeviceDialog, useAssignDevices, useDevices } from '../../devices/index.ts';
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
  const devices = useDevices(clientId);
  const assign = useAssignDevices();
  const unassigned = useMemo(
    () => (devices.data ?? []).filter((d) => d.vehicleId === null && (type === 'all' || d.type === type)),
    [devices.data, type],
  );

  const onAssign = (deviceId: string) =>
    void assign.assign({ deviceIds: [deviceId], vehicleId: vehicle.id, clientId }, { onAssigned: onDone });

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
            onCreated={onDone}
          />
        </>
      )}
      {devices.isPending && <LoadingState label="Loading devices" rows={2} rowClassName="h-11" />}
      {devices.isError && (
        <ErrorState title="Error loading devices" variant="inline" onRetry={() => void devices.refetch()}>
          <p className="text-muted-foreground">Check the connection and try again.</p>
        </ErrorState>
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
