import type { Device } from '@toolkit/contracts/devices.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { deviceStatusView } from '../utils/device-status.ts';

/** §4 status colours: warning yellow, error and offline red, others grey; type Other non-reporting. */
export function StatusBadge({ device }: { device: Pick<Device, 'type' | 'status'> }) {
  const view = deviceStatusView(device);
  return (
    <Badge tone={view.tone} className="gap-1.5 whitespace-nowrap">
      <span aria-hidden className="size-2.5 rounded-full bg-current" />
      {view.label}
    </Badge>
  );
}
