import type { DeviceType } from '@toolkit/contracts/devices.ts';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses, Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import {
  SORT_KEYS,
  SORT_LABELS,
  type SortDirection,
  type SortKey,
  type TypeFilter,
} from '../utils/device-list.ts';

type DevicesToolbarProps = {
  search: string;
  onSearch: (value: string) => void;
  types: { type: DeviceType; count: number }[];
  total: number;
  typeFilter: TypeFilter;
  onTypeFilter: (value: TypeFilter) => void;
  sortKey: SortKey;
  onSortKey: (value: SortKey) => void;
  direction: SortDirection;
  onToggleDirection: () => void;
  view: ViewMode;
  onView: (value: ViewMode) => void;
};

function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-11 shrink-0 rounded-full border-2 px-4 font-semibold',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-surface text-foreground hover:bg-surface-muted',
      )}
    >
      {children}
    </button>
  );
}

/** Search, type chips, sort with direction, and the list/cards switch. */
export function DevicesToolbar(props: DevicesToolbarProps) {
  const id = useId();
  const ascending = props.direction === 'asc';
  return (
    <div className="grid gap-3">
      <div>
        <Label htmlFor={`${id}-search`}>Search devices</Label>
        <Input
          id={`${id}-search`}
          type="search"
          className="mt-1"
          placeholder="Device ID or type"
          autoComplete="off"
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
        />
      </div>
      <div role="group" aria-label="Filter by type" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        <Chip pressed={props.typeFilter === 'all'} onClick={() => props.onTypeFilter('all')}>
          All ({props.total.toLocaleString('en-US')})
        </Chip>
        {props.types.map(({ type, count }) => (
          <Chip key={type} pressed={props.typeFilter === type} onClick={() => props.onTypeFilter(type)}>
            {type} ({count.toLocaleString('en-US')})
          </Chip>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <select
            id={`${id}-sort`}
            className={cn(fieldClasses, 'mt-1')}
            value={props.sortKey}
            onChange={(e) => props.onSortKey(SORT_KEYS.find((k) => k === e.target.value) ?? 'assignment')}
          >
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        <TooltipProvider>
          <Tooltip content={ascending ? 'Sort ascending' : 'Sort descending'}>
            <Button
              variant="outline"
              onClick={props.onToggleDirection}
              aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
            >
              {ascending ? (
                <ArrowUpNarrowWide aria-hidden className="size-5" />
              ) : (
                <ArrowDownWideNarrow aria-hidden className="size-5" />
              )}
              <span aria-hidden>{ascending ? 'Asc' : 'Desc'}</span>
            </Button>
          </Tooltip>
          <div role="group" aria-label="View" className="flex gap-1">
            <Tooltip content="List view">
              <Button
                variant={props.view === 'list' ? 'primary' : 'outline'}
                size="icon"
                aria-pressed={props.view === 'list'}
                aria-label="List view"
                onClick={() => props.onView('list')}
              >
                <List aria-hidden className="size-5" />
              </Button>
            </Tooltip>
            <Tooltip content="Cards view">
              <Button
                variant={props.view === 'cards' ? 'primary' : 'outline'}
                size="icon"
                aria-pressed={props.view === 'cards'}
                aria-label="Cards view"
                onClick={() => props.onView('cards')}
              >
                <LayoutGrid aria-hidden className="size-5" />
              </Button>
            </Tooltip>
          </div>
        </TooltipProvider>
      </div>
    </div>
  );
}
