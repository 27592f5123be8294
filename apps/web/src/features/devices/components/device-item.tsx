import type { Device } from '@toolkit/contracts/devices.ts';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { deviceDomId, displayName } from '../utils/device-list.ts';
import { formatListLastSeen } from '../utils/last-seen.ts';
import { ControlPanelButton } from './control-panel.tsx';
import { DeviceAssignment } from './device-assignment.tsx';
import {
  DeviceIdentifiers,
  DeviceMetadata,
  DisabledBadge,
  Field,
  LowBatteryBadge,
} from './device-fields.tsx';
import { StatusBadge } from './status-badge.tsx';

type DeviceItemProps = {
  device: Device;
  now: number;
  expanded: boolean;
  onToggle: () => void;
  variant: 'list' | 'cards';
  /** After an assignment change, so that the list keeps the device in view. */
  onChanged?: (deviceId: string) => void;
};

/** One device: a summary that expands to details, metadata, assignment and the control panel. */
export function DeviceItem({ device, now, expanded, onToggle, variant, onChanged }: DeviceItemProps) {
  const domId = deviceDomId(device.deviceId);
  const unassigned = device.vehicleId === null;
  const reporting = device.type !== 'Other';
  return (
    <li
      id={domId}
      className={cn(
        'scroll-mt-4 rounded-xl border-2',
        unassigned ? 'border-primary bg-primary-soft' : 'border-border bg-surface',
        variant === 'cards' && 'h-full',
      )}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={`${domId}-details`}
        onClick={onToggle}
        className="flex min-h-11 w-full items-start gap-3 p-3 text-left"
      >
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-bold break-all">{device.deviceId}</span>
            <span className="text-muted-foreground">{device.type}</span>
          </span>
          <span className="truncate">{displayName(device)}</span>
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge device={device} />
            <DisabledBadge device={device} />
            {unassigned ? (
              <span className="rounded-full border-2 border-primary px-2 text-sm font-bold">Unassigned</span>
            ) : (
              <span className="font-semibold">Vehicle {device.vehicleLabel ?? device.vehicleId}</span>
            )}
            <LowBatteryBadge device={device} />
          </span>
          {reporting && (
            <span className="text-sm text-muted-foreground">
              Last seen {formatListLastSeen(device.lastHeartbeat, now)}
            </span>
          )}
        </span>
        <ChevronDown
          aria-hidden
          className={cn('mt-1 size-6 shrink-0 transition-transform', expanded && 'rotate-180')}
        />
      </button>
      <div id={`${domId}-details`} hidden={!expanded} className="grid gap-4 border-t border-border p-3">
        {expanded && <DeviceDetails device={device} onChanged={onChanged} />}
      </div>
    </li>
  );
}

function DeviceDetails({
  device,
  onChanged,
}: {
  device: Device;
  onChanged?: ((deviceId: string) => void) | undefined;
}) {
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        <Field label="Name">{displayName(device)}</Field>
        <Field label="System">{device.deviceSystem ?? '—'}</Field>
        <Field label="Signal">{device.signalStrength === null ? '—' : `${device.signalStrength}%`}</Field>
        <Field label="Vehicle">{device.vehicleLabel ?? 'Unassigned'}</Field>
      </dl>
      <DeviceIdentifiers device={device} />
      <div>
        <h2 className="mb-2 font-bold">Metadata</h2>
        <DeviceMetadata device={device} />
      </div>
      <DeviceAssignment device={device} onChanged={onChanged} />
      <div className="flex flex-wrap gap-2">
        <ControlPanelButton device={device} />
        <Link to={paths.device(device.deviceId)} className={buttonClasses('ghost')}>
          Details and history
        </Link>
      </div>
    </>
  );
}
