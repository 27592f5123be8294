import type { Device } from '@toolkit/contracts/devices.ts';
import { DeviceStatusBadge } from '../../../components/status/device-status-badge.tsx';

/** §4 status colours: warning yellow, error and offline red, others grey; type Other non-reporting. */
export function StatusBadge({ device }: { device: Pick<Device, 'type' | 'status'> }) {
  return <DeviceStatusBadge device={device} />;
}
