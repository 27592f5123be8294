import type { DeviceType } from '@toolkit/contracts/devices.ts';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { FilterChip, ListToolbar } from '../../../components/list-toolbar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses } from '../../../components/ui/input.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import {
  SORT_KEYS,
  SORT_LABELS,
  type SortDirection,
  type SortKey,
  type TypeFilter,
} from '../utils/device-list.ts';

const VIEWS = [
  { mode: 'list', label: 'List view', icon: List },
  { mode: 'cards', label: 'Cards view', icon: LayoutGrid },
] as const satisfies readonly { mode: ViewMode; label: string; icon: LucideIcon }[];

/** The list's size and the types present in it, with their counts. */
export type TypeCounts = { total: number; types: { type: DeviceType; count: number }[] };

type DevicesToolbarProps = {
  search: string;
  onSearch: (value: string) => void;
  /** null while the list loads: the All chip alone, without a count. */
  counts: TypeCounts | null;
  typeFilter: TypeFilter;
  onTypeFilter: (value: TypeFilter) => void;
  sortKey: SortKey;
  onSortKey: (value: SortKey) => void;
  direction: SortDirection;
  onToggleDirection: () => void;
  view: ViewMode;
  onView: (value: ViewMode) => void;
};

/**
 * Search with sort and direction beside it; type chips with the list/cards switch at their end.
 * It stands while the list loads (search, sort and view work; the chips wait for their counts).
 */
export function DevicesToolbar(props: DevicesToolbarProps) {
  const id = useId();
  const ascending = props.direction === 'asc';
  return (
    <ListToolbar
      searchLabel="Search devices"
      placeholder="Device ID or type"
      search={props.search}
      onSearch={props.onSearch}
      controls={
        <>
          <label htmlFor={`${id}-sort`} className="sr-only">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className={cn(fieldClasses, 'w-32! shrink-0 px-2 text-sm! min-[420px]:w-40!')}
            value={props.sortKey}
            onChange={(e) => props.onSortKey(SORT_KEYS.find((k) => k === e.target.value) ?? 'assignment')}
          >
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
          <Tooltip content={ascending ? 'Sort ascending' : 'Sort descending'}>
            <Button
              variant="outline"
              size="icon"
              className="shrink-0"
              onClick={props.onToggleDirection}
              aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
            >
              {ascending ? (
                <ArrowUpNarrowWide aria-hidden className="size-5" />
              ) : (
                <ArrowDownWideNarrow aria-hidden className="size-5" />
              )}
            </Button>
          </Tooltip>
        </>
      }
      filtersLabel="Filter by type"
      filters={
        <>
          <FilterChip pressed={props.typeFilter === 'all'} onClick={() => props.onTypeFilter('all')}>
            {props.counts ? `All (${props.counts.total.toLocaleString('en-US')})` : 'All'}
          </FilterChip>
          {props.counts?.types.map(({ type, count }) => (
            <FilterChip
              key={type}
              pressed={props.typeFilter === type}
              onClick={() => props.onTypeFilter(type)}
            >
              {type} ({count.toLocaleString('en-US')})
            </FilterChip>
          ))}
        </>
      }
      filtersEnd={
        <div role="group" aria-label="View" className="flex shrink-0 gap-1">
          {VIEWS.map(({ mode, label, icon: Icon }) => (
            <Tooltip key={mode} content={label}>
              <Button
                variant={props.view === mode ? 'primary' : 'outline'}
                size="icon"
                aria-pressed={props.view === mode}
                aria-label={label}
                onClick={() => props.onView(mode)}
              >
                <Icon aria-hidden className="size-5" />
              </Button>
            </Tooltip>
          ))}
        </div>
      }
    />
  );
}
