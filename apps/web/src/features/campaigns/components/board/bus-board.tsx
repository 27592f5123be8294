import type { CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { useMemo, useState } from 'react';
import { pluralize } from '../../../../lib/pluralize.ts';
import { BulkActions } from './bulk-actions.tsx';
import { BusFilters } from './bus-filters.tsx';
import {
  assigneesOf,
  boardRows,
  NO_FILTERS,
  type BoardFilters,
  type BusRef,
  type Sort,
  type SortKey,
} from './bus-list.ts';
import { BusTable } from './bus-table.tsx';
import { ShowMoreButtons, useDrawnRows } from './drawn-rows.tsx';

type BusBoardProps = {
  campaignId: number;
  buses: readonly CampaignBus[];
  onOpenBus: (bus: BusRef) => void;
};

/**
 * The bus board: filters, search and sorting over every bus; select many to assign or accept. The
 * first rows are drawn, the rest on "Show more" or "Show all" (drawn in the background, the
 * buttons held meanwhile); what the filters keep is counted over all of them.
 */
export function BusBoard({ campaignId, buses, onOpenBus }: BusBoardProps) {
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [sort, setSort] = useState<Sort>({ key: 'order', direction: 'asc' });
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const drawn = useDrawnRows();
  const people = useMemo(() => assigneesOf(buses), [buses]);
  const rows = useMemo(() => boardRows(buses, filters, sort), [buses, filters, sort]);
  // Only buses still on the board count as selected (a refresh may have removed one).
  const selected = buses.filter((b) => selectedIds.has(b.id));

  const onSort = (key: SortKey) =>
    setSort((s) =>
      s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' },
    );
  const onSelect = (ids: readonly number[], on: boolean) =>
    setSelectedIds((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <section aria-labelledby="bus-board" className="grid gap-3">
      <h2 id="bus-board" className="text-xl font-bold">
        Buses
      </h2>
      <BusFilters
        filters={filters}
        people={people}
        onChange={(next) => {
          setFilters(next);
          drawn.reset();
        }}
      />
      <BulkActions campaignId={campaignId} selected={selected} onDone={() => setSelectedIds(new Set())} />
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {`${pluralize(rows.length, 'bus', 'buses')} shown of ${buses.length.toLocaleString('en-US')}`}
      </p>
      <BusTable
        rows={rows.slice(0, drawn.shown)}
        selected={selectedIds}
        onSelect={onSelect}
        sort={sort}
        onSort={onSort}
        onOpenBus={onOpenBus}
      />
      {rows.length > drawn.shown && (
        <div className="flex flex-wrap gap-2">
          <ShowMoreButtons drawn={drawn} total={rows.length} moreLabel="Show more" noun="buses" />
        </div>
      )}
    </section>
  );
}
