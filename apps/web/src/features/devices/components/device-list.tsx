import type { Device } from '@toolkit/contracts/devices.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useNow } from '../hooks/use-now.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import { DeviceItem } from './device-item.tsx';

export const PAGE_SIZE = 50;

type DeviceListProps = {
  devices: readonly Device[];
  shown: number;
  onShowMore: () => void;
  expanded: ReadonlySet<string>;
  onToggle: (deviceId: string) => void;
  view: ViewMode;
  onChanged?: (deviceId: string) => void;
};

/** Renders only the first `shown` devices (an agency may have 15,000); 'Show more' adds a page. */
export function DeviceList({ devices, shown, onShowMore, expanded, onToggle, view, onChanged }: DeviceListProps) {
  const now = useNow();
  const visible = devices.slice(0, shown);
  const remaining = devices.length - visible.length;
  return (
    <div className="grid gap-3">
      <ul aria-label="Devices" className={cn('grid gap-3', view === 'cards' && 'sm:grid-cols-2 xl:grid-cols-3')}>
        {visible.map((device) => (
          <DeviceItem
            key={device.deviceId}
            device={device}
            now={now}
            variant={view}
            expanded={expanded.has(device.deviceId)}
            onToggle={() => onToggle(device.deviceId)}
            onChanged={onChanged}
          />
        ))}
      </ul>
      <p className="text-center text-muted-foreground">
        Showing {visible.length.toLocaleString('en-US')} of {devices.length.toLocaleString('en-US')} devices
      </p>
      {remaining > 0 && (
        <Button variant="outline" size="lg" onClick={onShowMore}>
          Show {Math.min(PAGE_SIZE, remaining)} more
        </Button>
      )}
    </div>
  );
}
