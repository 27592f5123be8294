import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { DeviceStatusBadge } from '../../../components/status/device-status-badge.tsx';
import { readableError } from '../../../lib/api-error.ts';
import { useVehicleDevices } from '../api/get-vehicle-devices.ts';
import { PendingAssignments } from './pending-assignments.tsx';

/** The vehicle a device list is shown for, as the vehicles feature hands it over (decision 032). */
type VehicleRef = { id: number; vehicleId: string; pendingSync: boolean };

function ConnectedDevices({ vehicle }: { vehicle: VehicleRef }) {
  const devices = useVehicleDevices(vehicle.id, !vehicle.pendingSync);
  if (vehicle.pendingSync) return <p className="text-muted-foreground">None yet</p>;
  // A saved copy (or the last answer) is shown whatever the latest refresh did.
  const phase = queryPhase(devices);
  if (phase === 'loading') return <LoadingState label="Loading devices" rows={1} rowClassName="h-11" />;
  if (phase === 'offline') return <NothingSavedState variant="inline" noun="devices" query={devices} />;
  if (devices.data === undefined) {
    return (
      <ErrorState title="Could not load the devices" variant="inline" onRetry={() => void devices.refetch()}>
        <p className="break-words text-muted-foreground">{readableError(devices.error)}</p>
      </ErrorState>
    );
  }
  if (devices.data.length === 0) return <p className="text-muted-foreground">No devices connected</p>;
  return (
    <ul aria-label={`Devices on ${vehicle.vehicleId}`} className="grid gap-1">
      {devices.data.map((d) => (
        <li
          key={d.id}
          className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted px-3 py-1"
        >
          <span className="min-w-0 break-all">
            <span className="font-semibold">{d.deviceId}</span>{' '}
            <span className="text-muted-foreground">{d.type}</span>
          </span>
          <DeviceStatusBadge device={d} />
        </li>
      ))}
    </ul>
  );
}

/** A vehicle's connected devices and its assignments waiting to be sent (the vehicle row's section). */
export function VehicleDevices({ vehicle }: { vehicle: VehicleRef }) {
  return (
    <>
      <ConnectedDevices vehicle={vehicle} />
      <PendingAssignments vehicleId={vehicle.id} />
    </>
  );
}
