import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { pluralize } from '../../../lib/pluralize.ts';

/** Few enough to list without a scroll box inside the page; typing narrows the list. */
const MAX_SHOWN = 8;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Vehicles whose fleet id contains the search, in fleet order: the first few, and how many matched. */
function matchVehicles(
  vehicles: readonly Vehicle[],
  search: string,
  excludeId: number | null,
): { shown: Vehicle[]; total: number } {
  const term = search.trim().toLowerCase();
  const all = vehicles
    .filter((v) => v.id !== excludeId && v.vehicleId.toLowerCase().includes(term))
    .sort((a, b) => collator.compare(a.vehicleId, b.vehicleId));
  return { shown: all.slice(0, MAX_SHOWN), total: all.length };
}

type VehiclePickerProps = {
  vehicles: readonly Vehicle[];
  excludeId: number | null;
  selectedId: number | null;
  onSelect: (vehicle: Vehicle) => void;
  autoFocus?: boolean;
};

/** Search by fleet id, then tap a vehicle. */
export function VehiclePicker({
  vehicles,
  excludeId,
  selectedId,
  onSelect,
  autoFocus = false,
}: VehiclePickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const { shown: matches, total } = matchVehicles(vehicles, search, excludeId);
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`}>Vehicle ID</Label>
      <Input
        id={`${id}-search`}
        type="search"
        inputMode="search"
        autoComplete="off"
        placeholder="Search by fleet number"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoFocus={autoFocus}
      />
      {matches.length === 0 ? (
        <p className="text-muted-foreground">No vehicles match "{search.trim()}".</p>
      ) : (
        <ul aria-label="Matching vehicles" className="grid grid-cols-[minmax(0,1fr)] gap-1">
          {matches.map((v) => {
            const selected = v.id === selectedId;
            return (
              <li key={v.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(v)}
                  className={cn(
                    'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border-2 px-3 py-2 text-left',
                    selected
                      ? 'border-primary bg-primary-soft'
                      : 'border-border bg-surface hover:bg-surface-muted',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block font-semibold">Vehicle {v.vehicleId}</span>
                    {v.description && (
                      <span className="block truncate text-sm text-muted-foreground">{v.description}</span>
                    )}
                  </span>
                  {selected && <Check aria-hidden className="size-5 shrink-0" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {total > matches.length && (
        <p className="text-sm text-muted-foreground">
          Showing {matches.length} of {pluralize(total, 'vehicle')}: type more of the ID to narrow the list.
        </p>
      )}
    </div>
  );
}
