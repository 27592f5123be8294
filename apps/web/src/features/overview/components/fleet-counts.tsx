import type { FleetOverview } from '@toolkit/contracts/clients.ts';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import type { ReactNode } from 'react';
import { Activity, Bus, CircleCheck, CircleHelp, CircleX, Cpu } from 'lucide-react';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths, vehiclesWithFilter } from '../../../config/paths.ts';
import { useFleetOverview } from '../../clients/index.ts';
import { deviceTypeCounts } from '../utils/device-type-counts.ts';
import { StatCard } from './stat-card.tsx';
import { readableError } from '../../../lib/api-error.ts';

const VEHICLE_STATUSES = [
  { status: 'online', label: 'Online', icon: CircleCheck, tone: 'success' },
  { status: 'unknown', label: 'Unknown', icon: CircleHelp, tone: 'warning' },
  { status: 'offline', label: 'Offline', icon: CircleX, tone: 'destructive' },
] as const;

function formatTime(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function FleetCounts({ clientId }: { clientId: number }) {
  const overview = useFleetOverview(clientId);
  const phase = queryPhase(overview);

  // Loading, the counts' own layout stands with their labels, only the numbers still to come: the
  // quick assignment below does not move when they arrive.
  if (phase === 'loading') {
    return (
      <div role="status" aria-label="Loading fleet overview">
        <CountsLayout data={null} updatedAt={null} />
      </div>
    );
  }
  if (phase === 'offline') return <NothingSavedState noun="fleet overview" query={overview} />;
  const data = overview.data;
  if (!data) {
    return (
      <ErrorState
        title="Could not load the fleet overview"
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      >
        <p className="break-words text-muted-foreground">{readableError(overview.error)}</p>
      </ErrorState>
    );
  }
  return (
    <CountsLayout
      data={data}
      updatedAt={overview.dataUpdatedAt}
      notice={<SavedCopyNotice query={overview} what="counts" className="mb-0" />}
    />
  );
}

function CountsLayout({
  data,
  updatedAt,
  notice,
}: {
  data: FleetOverview | null;
  updatedAt: number | null;
  notice?: ReactNode;
}) {
  return (
    <div className="grid gap-5">
      {notice}
      <section aria-labelledby="fleet-totals" className="grid gap-3">
        <h2 id="fleet-totals" className="sr-only">
          Fleet totals
        </h2>
        <div className="grid grid-cols-2 gap-3">
          <StatCard
            to={paths.vehicles}
            label="Total Vehicles"
            value={data?.totalVehicles ?? null}
            icon={Bus}
          />
          <StatCard
            to={paths.devices}
            label="Total Devices"
            value={data?.totalDevices ?? null}
            icon={Cpu}
            hint={data ? `${data.onlineDevices.toLocaleString('en-US')} online` : '\u00a0'}
          />
        </div>
      </section>
      <section aria-labelledby="vehicle-status" className="grid gap-3">
        <h2 id="vehicle-status" className="text-lg font-bold">
          Vehicle Status
        </h2>
        <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-3">
          {VEHICLE_STATUSES.map(({ status, label, icon, tone }) => (
            <StatCard
              key={status}
              to={vehiclesWithFilter(status)}
              label={label}
              value={data?.vehicleStatus[status] ?? null}
              icon={icon}
              tone={tone}
            />
          ))}
        </div>
        <p className="text-sm text-muted-foreground">
          From each vehicle's reporting devices: Online when all are online, Unknown when only some are,
          Offline when none is (or it has none).
        </p>
      </section>
      <Card>
        <CardTitle>Device Types</CardTitle>
        <ul aria-label="Device types" className="mt-2 divide-y divide-border">
          {(data
            ? deviceTypeCounts(data.deviceTypes)
            : DEVICE_TYPES.map((type) => ({ type, count: null }))
          ).map(({ type, count }) => (
            <li key={type} className="flex min-h-11 items-center justify-between">
              <span className="font-semibold">{type}</span>
              {count === null ? (
                <Skeleton className="h-7 w-12" />
              ) : (
                <span className="text-lg font-bold">{count.toLocaleString('en-US')}</span>
              )}
            </li>
          ))}
        </ul>
      </Card>
      <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
        <Activity aria-hidden className="size-5 text-success" />
        <span>Live data • Updates every 15 seconds</span>
        <span>
          Last updated{' '}
          {updatedAt === null ? (
            '…'
          ) : (
            <time dateTime={new Date(updatedAt).toISOString()}>{formatTime(updatedAt)}</time>
          )}
        </span>
      </p>
    </div>
  );
}
