import type { FleetOverview } from '@toolkit/contracts/clients.ts';
import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';

interface DeviceTypeCount {
  type: DeviceType;
  count: number;
}

/** Device-type counts in the order of §9: GPS, Tablet, Router, APC, Other. */
export function deviceTypeCounts(deviceTypes: FleetOverview['deviceTypes']): DeviceTypeCount[] {
  return DEVICE_TYPES.map((type) => ({ type, count: deviceTypes[type] }));
}
