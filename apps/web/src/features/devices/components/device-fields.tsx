import type { Device } from '@toolkit/contracts/devices.ts';
import { BatteryLow } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { batteryLevel, isLowBattery } from '../utils/device-status.ts';
import { formatDateTime } from '../utils/last-seen.ts';
import { metadataField, withUnit } from '../utils/metadata-fields.ts';
import { Identifier } from '../../../components/identifier.tsx';
import type { IdentifierKind } from '../../../lib/identifier.ts';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const NONE = '—';

/** Serial, ESN, IMEI, SIM, phone, address and firmware; blanks shown as a dash. */
export function DeviceIdentifiers({ device }: { device: Device }) {
  const ids: [string, string | null, IdentifierKind][] = [
    ['Serial number', device.serialNumber, 'serial'],
    ['ESN', device.serialNumberESN, 'esn'],
    ['IMEI', device.imei, 'imei'],
    ['SIM card', device.simCardId, 'sim'],
  ];
  const rows: [string, string | null][] = [
    ['Phone', device.phone],
    ['IP address', device.ipAddress],
    ['Firmware', device.firmwareVersion],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
      {ids.map(([label, value, kind]) => (
        <div key={label} className="col-span-full min-w-0">
          <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
          <dd>{value ? <Identifier value={value} kind={kind} label={label} /> : NONE}</dd>
        </div>
      ))}
      {rows.map(([label, value]) => (
        <Field key={label} label={label}>
          {value ?? NONE}
        </Field>
      ))}
    </dl>
  );
}

const HIDDEN_KEYS = new Set(['name', 'deviceSystem', 'battery', 'batteryLevel', 'disabled']);

function valueText(value: unknown, unit?: string): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'number') return withUnit(value.toLocaleString('en-US'), unit);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))
    return formatDateTime(value);
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return JSON.stringify(value);
}

/** The device's metadata; battery under 30 % highlighted (§9). */
export function DeviceMetadata({ device }: { device: Device }) {
  const battery = batteryLevel(device);
  const low = isLowBattery(battery);
  const entries = Object.entries(device.metadata).filter(([key]) => !HIDDEN_KEYS.has(key));
  if (battery === null && entries.length === 0)
    return <p className="text-muted-foreground">No metadata reported.</p>;
  return (
    <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
      {battery !== null && (
        <div className={cn('min-w-0 rounded-lg', low && 'border-2 border-destructive p-2')}>
          <dt className="text-sm font-semibold text-muted-foreground">Battery</dt>
          <dd className={cn('flex items-center gap-1', low && 'font-bold text-destructive')}>
            {low && <BatteryLow aria-hidden className="size-5" />}
            {battery}%{low && ' (low)'}
          </dd>
        </div>
      )}
      {entries.map(([key, value]) => {
        const field = metadataField(key);
        return (
          <Field key={key} label={field.label}>
            {valueText(value, field.unit)}
          </Field>
        );
      })}
    </dl>
  );
}

export function LowBatteryBadge({ device }: { device: Device }) {
  const battery = batteryLevel(device);
  if (!isLowBattery(battery)) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-destructive px-2 text-sm font-semibold text-destructive">
      <BatteryLow aria-hidden className="size-4" />
      Battery {battery}%
    </span>
  );
}

/** The fleet platform has disabled the device (its metadata `disabled`, e.g. Traccar's): said beside its status. */
export function DisabledBadge({ device }: { device: Pick<Device, 'metadata'> }) {
  if (device.metadata.disabled !== true) return null;
  return (
    <span className="inline-flex items-center rounded-full border border-destructive px-2 text-sm font-semibold text-destructive">
      Disabled in the fleet platform
    </span>
  );
}
