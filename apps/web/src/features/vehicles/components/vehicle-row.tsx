import { Bus, ChevronDown } from 'lucide-react';
import { memo, useId, type Ref } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { pluralize } from '../../../lib/pluralize.ts';
import type { VehicleListItem } from '../utils/vehicle-list.ts';
import { VehicleStatusBadge } from './status-badge.tsx';
import { VehicleDetails, type VehicleAction } from './vehicle-details.tsx';

/** Height of a collapsed row including the gap below it; the windowing relies on it. */
export const ROW_HEIGHT = 84;

type VehicleRowProps = {
  vehicle: VehicleListItem;
  position: number;
  setSize: number;
  expanded: boolean;
  onToggle: (rowKey: string) => void;
  onAction: (action: VehicleAction, vehicle: VehicleListItem) => void;
  ref?: Ref<HTMLLIElement>;
};

export const VehicleRow = memo(function VehicleRow({
  vehicle,
  position,
  setSize,
  expanded,
  onToggle,
  onAction,
  ref,
}: VehicleRowProps) {
  const id = useId();
  return (
    <li
      ref={ref}
      aria-posinset={position}
      aria-setsize={setSize}
      className="pb-2"
      style={expanded ? undefined : { height: ROW_HEIGHT }}
    >
      <div className={cn('rounded-xl border bg-surface', expanded ? 'border-primary' : 'border-border')}>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? `${id}-details` : undefined}
          onClick={() => onToggle(vehicle.rowKey)}
          className="flex h-[74px] w-full items-center gap-3 rounded-xl px-3 text-left"
        >
          <Bus aria-hidden className="size-6 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-lg font-bold">{vehicle.vehicleId}</span>{' '}
            <span className="block truncate text-sm text-muted-foreground">
              {vehicle.description ?? 'No description'}
              {vehicle.route ? ` • Route ${vehicle.route}` : ''}
            </span>
          </span>{' '}
          <span className="flex shrink-0 flex-col items-end gap-1">
            {vehicle.pendingSync ? (
              <Badge tone="warning">Pending sync</Badge>
            ) : (
              <VehicleStatusBadge status={vehicle.connectionStatus} />
            )}{' '}
            <span className="text-sm text-muted-foreground">{pluralize(vehicle.deviceCount, 'device')}</span>
          </span>
          <ChevronDown
            aria-hidden
            className={cn('size-5 shrink-0 transition-transform', expanded && 'rotate-180')}
          />
        </button>
        {expanded && (
          <VehicleDetails
            id={`${id}-details`}
            vehicle={vehicle}
            onAction={(action) => onAction(action, vehicle)}
          />
        )}
      </div>
    </li>
  );
});
