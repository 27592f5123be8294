import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/feedback/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useNow } from '../../../lib/use-now.ts';
import {
  deviceStatusView,
  formatHeartbeat,
  PendingAssignments,
  useVehicleDevices,
} from '../../devices/index.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import { useRefreshDeviceStatus } from '../api/refresh-device-status.ts';
import { logTime } from '../utils/log-groups.ts';
import { WaitingForVehicle } from './waiting-for-vehicle.tsx';

/**
 * The chosen vehicle's devices with status colour (§4) and last seen; refetched every 30 s. A
 * vehicle made without signal has none on the server yet: its assignments wait (decision 045).
 */
export function DeviceStatusPanel({ vehicle }: { vehicle: VehicleListItem }) {
  const id = useId();
  const waiting = vehicle.pendingSync;
  const refresh = useRefreshDeviceStatus(vehicle.id);
  const [refreshedAt, setRefreshedAt] = useState<string | null>(null);

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (data) => setRefreshedAt(data.refreshedAt),
      onError: (error) =>
        toast({
          title: 'Refresh Failed',
          description: errorMessage(error, 'The device statuses could not be refreshed.'),
          variant: 'destructive',
        }),
    });

  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Device status</CardTitle>
        <Button
          variant="outline"
          onClick={onRefresh}
          disabled={waiting || refresh.isPending}
          aria-describedby={waiting ? `${id}-waiting` : undefined}
        >
          <RefreshCw aria-hidden className="size-5" />
          {refresh.isPending ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      {waiting ? (
        <WaitingForVehicle id={`${id}-waiting`}>
          its devices and their status show once it is there.
        </WaitingForVehicle>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {refreshedAt ? `Last refreshed at ${logTime(refreshedAt)}` : 'Updates every 30 seconds'}
        </p>
      )}
      <PendingAssignments vehicleId={vehicle.id} />
      {!waiting && <VehicleDeviceList vehicle={vehicle} />}
    </Card>
  );
}

function VehicleDeviceList({ vehicle }: { vehicle: VehicleListItem }) {
  const devices = useVehicleDevices(vehicle.id, true);
  const now = useNow();
  return (
    <QueryState
      query={devices}
      noun="devices"
      emptyText="No devices on this vehicle yet."
      isEmpty={(data) => data.length === 0}
    >
      {(data) => (
        <ul aria-label={`Devices on ${vehicle.vehicleId}`} className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {data.map((d) => {
            const view = deviceStatusView(d);
            return (
              <li
                key={d.id}
                className="grid grid-cols-[minmax(0,1fr)] gap-1 rounded-lg bg-surface-muted px-3 py-2"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-all">
                    <span className="font-semibold">{d.deviceId}</span>{' '}
                    <span className="text-muted-foreground">{d.type}</span>
                  </span>
                  <Badge tone={view.tone}>{view.label}</Badge>
                </div>
                <span className="text-sm text-muted-foreground">
                  Last seen: {formatHeartbeat(d.lastHeartbeat, now)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}
