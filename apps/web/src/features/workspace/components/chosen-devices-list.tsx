import type { Device } from '@toolkit/contracts/devices.ts';
import { Trash2 } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button.tsx';

/** The devices chosen for the vehicle, each with its type, the bus it is on, and Remove. */
export function ChosenDevicesList({
  list,
  onRemove,
}: {
  list: readonly Device[];
  onRemove: (deviceId: string) => void;
}) {
  if (list.length === 0) return <p className="text-muted-foreground">No devices in the list yet.</p>;
  return (
    <ul aria-label="Devices to assign" className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {list.map((d) => (
        <li
          key={d.deviceId}
          className="flex min-h-11 items-center justify-between gap-2 rounded-lg bg-surface-muted py-1 pr-1 pl-3"
        >
          <span className="min-w-0 break-all">
            <span className="font-semibold">{d.deviceId}</span>{' '}
            <span className="text-muted-foreground">
              {d.type}
              {d.vehicleLabel ? ` · on ${d.vehicleLabel}` : ''}
            </span>
          </span>
          <IconButton
            label={`Remove ${d.deviceId}`}
            tooltip="Remove from the list"
            onClick={() => onRemove(d.deviceId)}
          >
            <Trash2 aria-hidden className="size-5" />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
