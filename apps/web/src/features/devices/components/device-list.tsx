import type { Device } from '@toolkit/contracts/devices.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { pluralize } from '../../../lib/pluralize.ts';
import { useNow } from '../../../lib/use-now.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import type { PageRange } from '../utils/device-list.ts';
import { DeviceItem } from './device-item.tsx';

export const PAGE_SIZE = 50;

type DeviceListProps = {
  devices: readonly Device[];
  /** The rows rendered, a page or a few (an agency may have 15,000 devices). */
  range: PageRange;
  onShowMore: () => void;
  onShowEarlier: () => void;
  expanded: ReadonlySet<string>;
  onToggle: (deviceId: string) => void;
  view: ViewMode;
  onChanged?: (deviceId: string) => void;
};

const n = (v: number) => v.toLocaleString('en-US');

/** Renders only the rows of `range`; 'Show more' and 'Show earlier' add a page each way. */
export function DeviceList({
  devices,
  range,
  onShowMore,
  onShowEarlier,
  expanded,
  onToggle,
  view,
  onChanged,
}: DeviceListProps) {
  const now = useNow();
  const visible = devices.slice(range.start, range.end);
  const last = range.start + visible.length;
  const remaining = devices.length - last;
  return (
    <div className="grid gap-3">
      {range.start > 0 && (
        <Button variant="outline" size="lg" onClick={onShowEarlier}>
          Show {Math.min(PAGE_SIZE, range.start)} earlier
        </Button>
      )}
      <ul
        aria-label="Devices"
        className={cn('grid gap-3', view === 'cards' && 'grid-cols-2 gap-2 xl:grid-cols-3')}
      >
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
        Showing {range.start > 0 ? `${n(range.start + 1)}–${n(last)}` : n(last)} of{' '}
        {pluralize(devices.length, 'device')}
      </p>
      {remaining > 0 && (
        <Button variant="outline" size="lg" onClick={onShowMore}>
          Show {Math.min(PAGE_SIZE, remaining)} more
        </Button>
      )}
    </div>
  );
}
