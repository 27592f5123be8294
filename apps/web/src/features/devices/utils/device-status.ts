import type { Device, DeviceStatus } from '@toolkit/contracts/devices.ts';
import { LOW_BATTERY_PERCENT } from '@toolkit/contracts/constants.ts';

export type StatusTone = 'warning' | 'destructive' | 'neutral';

export interface StatusView {
  label: string;
  tone: StatusTone;
  /** Type Other does not report: it is never shown as offline (§4). */
  reporting: boolean;
}

const LABELS: Record<DeviceStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  warning: 'Warning',
  error: 'Error',
};

/** §4: warning yellow; error and offline red; others grey. Type Other shows as non-reporting. */
export function deviceStatusView(device: Pick<Device, 'type' | 'status'>): StatusView {
  if (device.type === 'Other') return { label: 'Non-reporting', tone: 'neutral', reporting: false };
  const tone: StatusTone =
    device.status === 'warning'
      ? 'warning'
      : device.status === 'error' || device.status === 'offline'
        ? 'destructive'
        : 'neutral';
  return { label: LABELS[device.status], tone, reporting: true };
}

/** Battery level from the metadata (or a batteryLevel field), when known. */
export function batteryLevel(device: Pick<Device, 'metadata'>): number | null {
  const value = device.metadata.battery ?? device.metadata.batteryLevel;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** §9: battery under 30 percent is highlighted. */
export function isLowBattery(level: number | null): boolean {
  return level !== null && level < LOW_BATTERY_PERCENT;
}
