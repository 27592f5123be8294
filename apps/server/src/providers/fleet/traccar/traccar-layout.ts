import type { TcGroup } from './traccar-schemas.ts';

/**
 * How the toolkit reads Traccar's group tree (README, "Connecting a Traccar server"), as pure
 * functions:
 * - an agency is a direct subgroup of the agency parent: `TRACCAR_AGENCY_PARENT`, a group id, or
 *   0 (the default) for the top-level groups;
 * - inside an agency, each subgroup is a bus, unless its attribute `toolkit` is `not-a-bus`: then
 *   its devices are the agency's unassigned devices, and its own subgroups are read by the same
 *   rule (each a bus unless marked);
 * - everything below a bus group, at any depth, counts as on that bus.
 */

/** The group attribute the layout reads, and its value for a subgroup that is not a bus. */
const LAYOUT_ATTRIBUTE = 'toolkit';
const NOT_A_BUS = 'not-a-bus';

/** Where a group's devices count: its agency, and the bus it is or is inside (null: unassigned). */
export interface GroupPlace {
  agencyId: number;
  vehicleId: number | null;
}

export interface GroupLayout {
  readonly agencyParent: number;
  readonly agencies: readonly TcGroup[];
  /** Each group of an agency (the agency's own included) and where its devices count. */
  readonly places: ReadonlyMap<number, GroupPlace>;
  /** The bus groups of each agency, by agency id. */
  readonly buses: ReadonlyMap<number, readonly TcGroup[]>;
}

export const isAgencyGroup = (group: TcGroup, agencyParent: number): boolean =>
  group.groupId === agencyParent && group.id !== agencyParent;

function isNotABus(group: TcGroup): boolean {
  const value = group.attributes[LAYOUT_ATTRIBUTE];
  return typeof value === 'string' && value.trim().toLowerCase() === NOT_A_BUS;
}

/** The layout of one read of the groups. A group reached twice (a loop in the tree) counts once. */
export function groupLayout(groups: readonly TcGroup[], agencyParent = 0): GroupLayout {
  const children = new Map<number, TcGroup[]>();
  for (const g of groups) {
    if (g.groupId === g.id) continue;
    const list = children.get(g.groupId) ?? [];
    list.push(g);
    children.set(g.groupId, list);
  }
  const agencies = groups.filter((g) => isAgencyGroup(g, agencyParent));
  const places = new Map<number, GroupPlace>();
  const buses = new Map<number, TcGroup[]>();
  for (const agency of agencies) places.set(agency.id, { agencyId: agency.id, vehicleId: null });
  for (const agency of agencies) {
    const mine: TcGroup[] = [];
    // Each entry: a group and the bus its parent counts on (null: the parent is at agency level).
    const queue: [TcGroup, number | null][] = (children.get(agency.id) ?? []).map((g) => [g, null]);
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [group, parentBus] = next;
      if (places.has(group.id)) continue;
      let bus = parentBus;
      if (bus === null && !isNotABus(group)) {
        bus = group.id;
        mine.push(group);
      }
      places.set(group.id, { agencyId: agency.id, vehicleId: bus });
      for (const child of children.get(group.id) ?? []) queue.push([child, bus]);
    }
    buses.set(agency.id, mine);
  }
  return { agencyParent, agencies, places, buses };
}

/** Where a device in this group counts, or null when the group is in no agency. */
export function placeOfGroup(layout: GroupLayout, groupId: number): GroupPlace | null {
  return layout.places.get(groupId) ?? null;
}

/**
 * The group a device in `groupId` goes to when it is unassigned: the agency's own group when it
 * is on a bus; where it is when it already counts as unassigned (the agency's group, or a group
 * marked `not-a-bus`), and when the group is in no agency.
 */
export function unassignedGroupOf(layout: GroupLayout, groupId: number): number {
  const place = placeOfGroup(layout, groupId);
  return place && place.vehicleId !== null ? place.agencyId : groupId;
}
