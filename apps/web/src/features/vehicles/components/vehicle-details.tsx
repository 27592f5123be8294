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
import { Identifier } from '../../../components/identifier.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useVehicleParts } from './vehicle-parts.tsx';
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
  const { VehicleDevices } = useVehicleParts();
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
        <VehicleDevices vehicle={vehicle} />
      </section>
      {pending && (
        <p className="text-muted-foreground">
          Saved on this device, not on the server yet: what you do here is sent after it.
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        {/* A vehicle made without signal: each action's write waits for its create (decision 036). */}
        {ACTIONS.map(({ action, label, icon: Icon }) => (
          <Button key={action} variant="secondary" onClick={() => onAction(action)}>
            <Icon aria-hidden className="size-5" /> {label}
          </Button>
        ))}
      </div>
      {/* Made without signal too: the workspace takes its local id and waits for it (decision 045). */}
      <Link to={paths.startInstallation(vehicle.id)} className={buttonClasses('primary', 'md')}>
        <PlayCircle aria-hidden className="size-5" /> Start installation
      </Link>
      {!pending && (
        <Link to={paths.installation(vehicle.id)} className={buttonClasses('outline')}>
          <ClipboardList aria-hidden className="size-5" /> Installation photos and notes
        </Link>
      )}
    </div>
  );
}
