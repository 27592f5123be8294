import { ArrowDownAZ, ArrowUpZA, Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  STATUS_FILTERS,
  STATUS_LABELS,
  type SortDirection,
  type StatusFilter,
} from '../utils/vehicle-list.ts';

type VehicleFiltersProps = {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  counts: Record<StatusFilter, number>;
  direction: SortDirection;
  onDirection: (value: SortDirection) => void;
};

/** Search box, status filter with counts, and the name sort toggle. */
export function VehicleFilters({
  search,
  onSearch,
  status,
  onStatus,
  counts,
  direction,
  onDirection,
}: VehicleFiltersProps) {
  const id = useId();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="relative">
        <label htmlFor={`${id}-search`} className="sr-only">
          Search vehicles
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Vehicle ID, description or route"
          autoComplete="off"
          enterKeyHint="search"
          className="pl-10"
        />
      </div>
      <div role="group" aria-label="Status filter" className="grid grid-cols-2 gap-2 min-[440px]:grid-cols-4">
        {STATUS_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={status === filter}
            onClick={() => onStatus(filter)}
            className={cn(
              'flex min-h-11 items-center justify-between gap-2 rounded-lg border-2 px-3 font-semibold',
              status === filter
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-surface text-foreground hover:bg-surface-muted',
            )}
          >
            <span>{STATUS_LABELS[filter]}</span>{' '}
            <span className="tabular-nums">{counts[filter].toLocaleString('en-US')}</span>
          </button>
        ))}
      </div>
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => onDirection(direction === 'asc' ? 'desc' : 'asc')}
      >
        {direction === 'asc' ? (
          <ArrowDownAZ aria-hidden className="size-5" />
        ) : (
          <ArrowUpZA aria-hidden className="size-5" />
        )}
        {direction === 'asc' ? 'Sort: Name A–Z' : 'Sort: Name Z–A'}
      </Button>
    </div>
  );
}
