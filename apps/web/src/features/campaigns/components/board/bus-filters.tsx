import { BUS_STATE_LABELS, BUS_STATES, type Person } from '@toolkit/contracts/campaigns.ts';
import { fieldClasses, Input } from '../../../../components/ui/input.tsx';
import type { AssigneeFilter, BlockedFilter, BoardFilters, StateFilter } from './bus-list.ts';

type BusFiltersProps = {
  filters: BoardFilters;
  people: readonly Person[];
  onChange: (filters: BoardFilters) => void;
};

const BLOCKED_FILTERS: readonly BlockedFilter[] = ['all', 'blocked', 'not-blocked'];
const parseState = (value: string): StateFilter => BUS_STATES.find((s) => s === value) ?? 'all';
const parseBlocked = (value: string): BlockedFilter => BLOCKED_FILTERS.find((b) => b === value) ?? 'all';
const parseAssignee = (value: string): AssigneeFilter =>
  value === 'all' || value === 'none' ? value : Number(value);

/** The board's filters (state, assignee, blocked) and its search by fleet number. */
export function BusFilters({ filters, people, onChange }: BusFiltersProps) {
  const set = (patch: Partial<BoardFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="grid gap-2 @md:grid-cols-2 @4xl:grid-cols-4">
      <label className="grid gap-1 text-sm font-semibold">
        Search
        <Input
          type="search"
          placeholder="Fleet number"
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        State
        <select
          className={fieldClasses}
          value={filters.state}
          onChange={(e) => set({ state: parseState(e.target.value) })}
        >
          <option value="all">All states</option>
          {BUS_STATES.map((s) => (
            <option key={s} value={s}>
              {BUS_STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        Assignee
        <select
          className={fieldClasses}
          value={String(filters.assignee)}
          onChange={(e) => set({ assignee: parseAssignee(e.target.value) })}
        >
          <option value="all">Everyone</option>
          <option value="none">Unassigned</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        Blocked
        <select
          className={fieldClasses}
          value={filters.blocked}
          onChange={(e) => set({ blocked: parseBlocked(e.target.value) })}
        >
          <option value="all">Blocked or not</option>
          <option value="blocked">Blocked</option>
          <option value="not-blocked">Not blocked</option>
        </select>
      </label>
    </div>
  );
}
