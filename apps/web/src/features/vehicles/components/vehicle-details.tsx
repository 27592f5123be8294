import {
  Camera,
  ClipboardList,
  Info,
  NotebookPen,
  PlayCircle,
  PlusCircle,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { Identifier } from '../../../components/identifier.tsx';
import { DeviceStatusBadge } from '../../../components/status/device-status-badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { readableError } from '../../../lib/api-error.ts';
import { PendingAssignments, useVehicleDevices } from '../../devices/index.ts';
import { STATUS_EXPLANATIONS, type VehicleListItem } from '../utils/vehicle-list.ts';
import { usePreloadVehicleDialogs } from './lazy-dialogs.tsx';

export type VehicleAction = 'info' | 'device' | 'picture' | 'notes';

const ACTIONS: readonly { action: VehicleAction; label: string; icon: LucideIcon }[] = [
  { action: 'info', label: 'Vehicle Info', icon: Info },
  { action: 'device', label: 'Add Device', icon: PlusCircle },
  { action: 'picture', label: 'Add Picture', icon: Camera },
  { action: 'notes', label: 'Add Notes', icon: NotebookPen },
];

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

function ConnectedDevices({ vehicle }: { vehicle: VehicleListItem }) {
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

/** The expanded part of a vehicle row: its details, devices and the four actions (§2). */
export function VehicleDetails({
  id,
  vehicle,
  onAction,
}: {
  id: string;
  vehicle: VehicleListItem;
  onAction: (action: VehicleAction) => void;
}) {
  const pending = vehicle.pendingSync;
  // The actions' dialogs load as the row opens: in by the time one is tapped.
  usePreloadVehicleDialogs();
  return (
    <div id={id} className="grid grid-cols-[minmax(0,1fr)] gap-4 border-t border-border px-3 pt-3 pb-4">
      <dl className="grid grid-cols-2 gap-3">
        <Field label="Description" wide>
          {orDash(vehicle.description)}
        </Field>
        <Field label="Route" wide>
          {orDash(vehicle.route)}
        </Field>
        <Field label="VIN" wide>
          {vehicle.vin ? <Identifier value={vehicle.vin} kind="vin" label="VIN" /> : '—'}
        </Field>
        <Field label="Seated capacity">{orDash(vehicle.seatedCapacity)}</Field>
        <Field label="Doors">{orDash(vehicle.doors)}</Field>
        {(vehicle.make ?? vehicle.model ?? vehicle.year) !== null && (
          <Field label="Make / model / year" wide>
            {[vehicle.make, vehicle.model, vehicle.year].filter((v) => v !== null).join(' ')}
          </Field>
        )}
      </dl>
      {!vehicle.pendingSync && (
        <p className="text-sm text-muted-foreground">{STATUS_EXPLANATIONS[vehicle.connectionStatus]}</p>
      )}
      <section aria-label="Connected devices" className="grid gap-2">
        <h3 className="font-semibold">Connected devices ({vehicle.deviceCount})</h3>
        <ConnectedDevices vehicle={vehicle} />
        <PendingAssignments vehicleId={vehicle.id} />
      </section>
      {pending && (
        <p className="text-muted-foreground">
          Saved on this device; the actions open once it has been sent to the server.
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        {ACTIONS.map(({ action, label, icon: Icon }) => (
          <Button key={action} variant="secondary" disabled={pending} onClick={() => onAction(action)}>
            <Icon aria-hidden className="size-5" /> {label}
          </Button>
        ))}
      </div>
      {!pending && (
        <>
          <Link to={paths.startInstallation(vehicle.id)} className={buttonClasses('primary', 'md')}>
            <PlayCircle aria-hidden className="size-5" /> Start installation
          </Link>
          <Link to={paths.installation(vehicle.id)} className={buttonClasses('outline')}>
            <ClipboardList aria-hidden className="size-5" /> Installation photos and notes
          </Link>
        </>
      )}
    </div>
  );
}
