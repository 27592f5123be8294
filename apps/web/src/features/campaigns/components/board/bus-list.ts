import type { BusState, CampaignBus, Person } from '@toolkit/contracts/campaigns.ts';

export type StateFilter = 'all' | BusState;
/** Everyone, nobody ('none'), or one person by id. */
export type AssigneeFilter = 'all' | 'none' | number;
export type BlockedFilter = 'all' | 'blocked' | 'not-blocked';
export type BoardFilters = {
  state: StateFilter;
  assignee: AssigneeFilter;
  blocked: BlockedFilter;
  search: string;
};
export const NO_FILTERS: BoardFilters = { state: 'all', assignee: 'all', blocked: 'all', search: '' };

/** A bus as the board opens it for review: from a row of the board or from the dashboard's blockers. */
export type BusRef = Pick<CampaignBus, 'id' | 'fleetNumber'>;

export type SortKey = 'order' | 'fleet' | 'assignee' | 'progress' | 'rework' | 'lastEvent';
export type Sort = { key: SortKey; direction: 'asc' | 'desc' };

/** The design's list order: accepted, ready for review, blocked, in progress (rework), in progress, planned. */
export function listRank(bus: CampaignBus): number {
  if (bus.state === 'accepted') return 0;
  if (bus.state === 'ready_for_review') return 1;
  if (bus.blocked) return 2;
  if (bus.state === 'in_progress') return bus.reworkCount > 0 ? 3 : 4;
  return 5;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byFleet = (a: CampaignBus, b: CampaignBus) => collator.compare(a.fleetNumber, b.fleetNumber);
const share = (bus: CampaignBus) =>
  bus.progress.required === 0 ? 1 : bus.progress.done / bus.progress.required;

const COMPARE: Record<SortKey, (a: CampaignBus, b: CampaignBus) => number> = {
  order: (a, b) => listRank(a) - listRank(b),
  fleet: byFleet,
  assignee: (a, b) => collator.compare(a.assignee?.name ?? '\uffff', b.assignee?.name ?? '\uffff'),
  progress: (a, b) => share(a) - share(b),
  rework: (a, b) => a.reworkCount - b.reworkCount,
  lastEvent: (a, b) => Date.parse(a.lastEvent?.at ?? '0') - Date.parse(b.lastEvent?.at ?? '0'),
};

function matches(bus: CampaignBus, filters: BoardFilters, needle: string): boolean {
  if (filters.state !== 'all' && bus.state !== filters.state) return false;
  if (filters.assignee === 'none' && bus.assignee !== null) return false;
  if (typeof filters.assignee === 'number' && bus.assignee?.id !== filters.assignee) return false;
  if (filters.blocked === 'blocked' && !bus.blocked) return false;
  if (filters.blocked === 'not-blocked' && bus.blocked) return false;
  return needle === '' || bus.fleetNumber.toLowerCase().includes(needle);
}

/** The buses the filters and the search keep, in the chosen order (fleet number breaks ties). */
export function boardRows(buses: readonly CampaignBus[], filters: BoardFilters, sort: Sort): CampaignBus[] {
  const needle = filters.search.trim().toLowerCase();
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = COMPARE[sort.key];
  return buses
    .filter((bus) => matches(bus, filters, needle))
    .sort((a, b) => sign * compare(a, b) || byFleet(a, b));
}

/** Everyone assigned a bus on the board, by name: who the board can assign to. */
export function assigneesOf(buses: readonly CampaignBus[]): Person[] {
  const people = new Map<number, Person>();
  for (const bus of buses) if (bus.assignee) people.set(bus.assignee.id, bus.assignee);
  return [...people.values()].sort((a, b) => collator.compare(a.name, b.name));
}
