import { BLOCKER_LABELS, type CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { EVENT_LABELS, flagWords, shortTime, stateWords } from './board-labels.ts';
import type { BusRef, Sort, SortKey } from './bus-list.ts';

type BusTableProps = {
  rows: readonly CampaignBus[];
  selected: ReadonlySet<number>;
  onSelect: (busIds: readonly number[], on: boolean) => void;
  sort: Sort;
  onSort: (key: SortKey) => void;
  onOpenBus: (bus: BusRef) => void;
};

const COLUMNS: { key: SortKey | null; label: string }[] = [
  { key: 'fleet', label: 'Fleet number' },
  { key: 'order', label: 'State' },
  { key: 'assignee', label: 'Assignee' },
  { key: 'progress', label: 'Progress' },
  { key: null, label: 'Blocker' },
  { key: 'rework', label: 'Rework' },
  { key: 'lastEvent', label: 'Last event' },
];

function Header({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: Sort;
  onSort: (k: SortKey) => void;
}) {
  const { key, label } = column;
  if (key === null)
    return (
      <th scope="col" className="p-2 text-left">
        {label}
      </th>
    );
  const active = sort.key === key;
  const Arrow = sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className="p-2 text-left"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold"
        onClick={() => onSort(key)}
      >
        {label}
        {active && <Arrow aria-hidden className="size-4" />}
      </button>
    </th>
  );
}

/** The board's buses, one row each; the fleet number opens the bus's review. */
export function BusTable({ rows, selected, onSelect, sort, onSort, onOpenBus }: BusTableProps) {
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[680px] border-collapse text-sm">
        <thead className="bg-surface-muted">
          <tr>
            <th scope="col" className="w-10 p-2">
              <Checkbox
                aria-label="Select all shown"
                checked={allOn}
                onCheckedChange={(on) =>
                  onSelect(
                    rows.map((r) => r.id),
                    on === true,
                  )
                }
              />
            </th>
            {COLUMNS.map((c) => (
              <Header key={c.label} column={c} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((bus) => (
            <tr key={bus.id} className="border-t border-border align-top">
              <td className="p-2">
                <Checkbox
                  aria-label={`Select bus ${bus.fleetNumber}`}
                  checked={selected.has(bus.id)}
                  onCheckedChange={(on) => onSelect([bus.id], on === true)}
                />
              </td>
              <th scope="row" className="p-2 text-left">
                <button type="button" className="font-bold underline" onClick={() => onOpenBus(bus)}>
                  {bus.fleetNumber}
                </button>
              </th>
              <td className="p-2">
                {stateWords(bus)}
                {flagWords(bus).map((flag) => (
                  <span
                    key={flag}
                    className="ml-1 rounded-full border border-warning px-2 text-xs font-semibold"
                  >
                    {flag}
                  </span>
                ))}
              </td>
              <td className="p-2">{bus.assignee?.name ?? 'Unassigned'}</td>
              <td className="p-2">{`${String(bus.progress.done)}/${String(bus.progress.required)}`}</td>
              <td className="p-2">{bus.blocked ? BLOCKER_LABELS[bus.blocked.code] : ''}</td>
              <td className="p-2">{bus.reworkCount}</td>
              <td className="p-2">
                {bus.lastEvent ? `${EVENT_LABELS[bus.lastEvent.kind]} · ${shortTime(bus.lastEvent.at)}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
