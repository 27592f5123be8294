import { ArrowDownAZ, ArrowUpZA } from 'lucide-react';
import { FilterChip, ListToolbar } from '../../../components/list-toolbar.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
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
  /** null while the list loads: the chips without their counts. */
  counts: Record<StatusFilter, number> | null;
  direction: SortDirection;
  onDirection: (value: SortDirection) => void;
};

/** Search box with the name sort toggle, and the status filter chips with counts. */
export function VehicleFilters({
  search,
  onSearch,
  status,
  onStatus,
  counts,
  direction,
  onDirection,
}: VehicleFiltersProps) {
  const sortName = direction === 'asc' ? 'Sort: Name A–Z' : 'Sort: Name Z–A';
  return (
    <ListToolbar
      searchLabel="Search vehicles"
      placeholder="Vehicle ID, description or route"
      search={search}
      onSearch={onSearch}
      controls={
        <IconButton
          variant="outline"
          label={sortName}
          className="shrink-0"
          onClick={() => onDirection(direction === 'asc' ? 'desc' : 'asc')}
        >
          {direction === 'asc' ? (
            <ArrowDownAZ aria-hidden className="size-5" />
          ) : (
            <ArrowUpZA aria-hidden className="size-5" />
          )}
        </IconButton>
      }
      filtersLabel="Status filter"
      filters={STATUS_FILTERS.map((filter) => (
        <FilterChip key={filter} pressed={status === filter} onClick={() => onStatus(filter)}>
          <span>{STATUS_LABELS[filter]}</span>{' '}
          {counts && <span className="tabular-nums">{counts[filter].toLocaleString('en-US')}</span>}
        </FilterChip>
      ))}
    />
  );
}
