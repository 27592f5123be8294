import type { Device } from '@toolkit/contracts/devices.ts';
import { LOW_BATTERY_PERCENT } from '@toolkit/contracts/constants.ts';

// The status rule lives in lib/ so that every feature shows device status the same way (§4).
export { deviceStatusView } from '../../../lib/device-status.ts';

/** Battery level from the metadata (or a batteryLevel field), when known. */
export function batteryLevel(device: Pick<Device, 'metadata'>): number | null {
  const value = device.metadata.battery ?? device.metadata.batteryLevel;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** §9: battery under 30 percent is highlighted. */
export function isLowBattery(level: number | null): boolean {
  return level !== null && level < LOW_BATTERY_PERCENT;
}
