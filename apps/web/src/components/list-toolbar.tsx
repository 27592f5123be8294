import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Input } from './ui/input.tsx';

/**
 * The one compact bar above a long list (Vehicles, Devices): search first with the sort controls
 * beside it, then a single scrolling row of filter chips, so the list starts high on a phone.
 */
export function ListToolbar({
  searchLabel,
  placeholder,
  search,
  onSearch,
  controls,
  filtersLabel,
  filters,
  filtersEnd,
}: {
  /** The search box's accessible name ('Search vehicles'). */
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  /** Sort controls, right of the search box. */
  controls?: ReactNode;
  /** The chips group's accessible name ('Status filter'). */
  filtersLabel: string;
  filters: ReactNode;
  /** Controls that stay in view at the end of the chip row (a view switch). */
  filtersEnd?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            {searchLabel}
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
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            className="pl-10"
          />
        </div>
        {controls}
      </div>
      <div className="flex items-center gap-2">
        <div
          role="group"
          aria-label={filtersLabel}
          className="-mx-1 flex min-w-0 flex-1 gap-2 overflow-x-auto px-1 py-0.5"
        >
          {filters}
        </div>
        {filtersEnd}
      </div>
    </div>
  );
}

/** A filter chip of a ListToolbar: pressed when its filter is on. */
export function FilterChip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border-2 px-3 font-semibold whitespace-nowrap',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-surface text-foreground hover:bg-surface-muted',
      )}
    >
      {children}
    </button>
  );
}
