import type { DeviceStatus, DeviceType } from '@toolkit/contracts/devices.ts';

/** The colour family of a device status (§4): yellow, red or grey. */
export type DeviceStatusTone = 'warning' | 'destructive' | 'neutral';

interface DeviceStatusView {
  label: string;
  tone: DeviceStatusTone;
  /** Type Other does not report: it is never shown as offline (§4). */
  reporting: boolean;
}

const LABELS: Record<DeviceStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  warning: 'Warning',
  error: 'Error',
};

/**
 * The one status rule of every screen (§4): warning yellow; error and offline red; others grey.
 * Type Other shows as non-reporting (grey) and never as offline.
 */
export function deviceStatusView(device: { type: DeviceType; status: DeviceStatus }): DeviceStatusView {
  if (device.type === 'Other') return { label: 'Non-reporting', tone: 'neutral', reporting: false };
  const tone: DeviceStatusTone =
    device.status === 'warning'
      ? 'warning'
      : device.status === 'error' || device.status === 'offline'
        ? 'destructive'
        : 'neutral';
  return { label: LABELS[device.status], tone, reporting: true };
}
