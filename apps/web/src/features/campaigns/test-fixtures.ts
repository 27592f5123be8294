import type {
  BusItem,
  Campaign,
  CampaignBus,
  CampaignBusDetail,
  CampaignDashboard,
  CampaignEvent,
  CampaignSummary,
} from '@toolkit/contracts/campaigns.ts';
import { expect } from 'vitest';
import { z } from 'zod';

// Test data of the campaign screens (the installer's and the board), shaped like the server's
// answers (typed by the contracts): campaign 5 of agency 3.

export const LEE = { id: 9, name: 'Lee Supervisor' };
export const CASEY = { id: 12, name: 'Casey Crew' };

/** A bus of campaign 5 (agency 3): planned, unassigned, nothing done of 8. */
export function makeCampaignBus(
  overrides: Partial<CampaignBus> & Pick<CampaignBus, 'id' | 'fleetNumber'>,
): CampaignBus {
  return {
    campaignId: 5,
    vehicleId: overrides.id + 1000,
    vin: null,
    state: 'planned',
    assignee: null,
    plannedOn: null,
    blocked: null,
    reworkCount: 0,
    reworkReason: null,
    acceptedWithExceptions: false,
    changedAfterAcceptance: false,
    version: 1,
    progress: { done: 0, required: 8 },
    lastEvent: null,
    ...overrides,
  };
}

/** Bus `id` with fleet number `fleetNumber` (the board's shorthand for makeCampaignBus). */
export const makeBus = (id: number, fleetNumber: string, overrides: Partial<CampaignBus> = {}) =>
  makeCampaignBus({ id, fleetNumber, ...overrides });

/** Campaign 5 of agency 3 with its checklist, as GET /api/campaigns/{id} answers it. */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 5,
    clientId: 3,
    name: 'Winter retrofit',
    status: 'active',
    startsOn: '2026-11-01',
    dueOn: '2026-12-31',
    createdBy: LEE,
    createdAt: '2026-11-01T08:00:00.000Z',
    items: [],
    revision: 1,
    ...overrides,
  };
}

/** An event of campaign 5 (accepted, by Lee, unless told). */
export function makeEvent(id: number, overrides: Partial<CampaignEvent> = {}): CampaignEvent {
  return {
    id,
    kind: 'accepted',
    busId: null,
    fleetNumber: null,
    actor: LEE,
    occurredAt: '2026-11-20T10:00:00.000Z',
    recordedAt: '2026-11-20T10:00:00.000Z',
    payload: {},
    ...overrides,
  };
}

/** The dashboard of campaign 5: 8 buses, nothing accepted, no blocker, no day counted. */
export function makeDashboard(overrides: Partial<CampaignDashboard> = {}): CampaignDashboard {
  return {
    campaignId: 5,
    total: 8,
    counts: { planned: 8, in_progress: 0, ready_for_review: 0, accepted: 0 },
    blocked: 0,
    shareAccepted: 0,
    dueOn: '2026-12-31',
    acceptedPerDay: [],
    blockers: [],
    asOf: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

/** A campaign of agency 3 in the list, as an installer reads it. */
export function makeCampaignSummary(overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    id: 5,
    clientId: 3,
    name: 'Winter retrofit',
    status: 'active',
    startsOn: '2026-11-01',
    dueOn: '2027-01-31',
    createdBy: { id: 9, name: 'Lee Supervisor' },
    createdAt: '2026-11-01T08:00:00.000Z',
    revision: 1,
    total: 300,
    counts: { planned: 50, in_progress: 30, ready_for_review: 8, accepted: 212 },
    blocked: 9,
    mine: 3,
    unassigned: 41,
    ...overrides,
  };
}

type ItemOverrides = Partial<BusItem> & Pick<BusItem, 'key' | 'label' | 'kind'>;

/** A checklist item, to do, required. */
export function makeBusItem(overrides: ItemOverrides): BusItem {
  return { required: true, position: 0, state: 'todo', evidence: {}, ...overrides };
}

/** A manual item, done unless told (the board's shorthand for makeBusItem). */
export const makeItem = (key: string, label: string, overrides: Partial<BusItem> = {}) =>
  makeBusItem({ key, label, kind: 'manual', state: 'done', ...overrides });

/** The standard checklist: 2 APC fitted, a connectivity test, an after photo, a manual check. */
export const CHECKLIST: readonly BusItem[] = [
  makeBusItem({
    key: 'apc',
    label: 'APC fitted',
    kind: 'fit',
    deviceType: 'APC',
    quantity: 2,
    position: 0,
    state: 'done',
    evidence: {
      devices: [
        { deviceId: 'APC-1', serial: 'SN-1', imei: null },
        { deviceId: 'APC-2', serial: 'SN-2', imei: null },
      ],
      count: { have: 2, need: 2 },
    },
  }),
  makeBusItem({
    key: 'connectivity',
    label: 'Connectivity test',
    kind: 'test',
    testKey: 'connectivity',
    position: 1,
  }),
  makeBusItem({
    key: 'after_photo',
    label: 'After photo',
    kind: 'photo',
    photoType: 'after',
    minCount: 1,
    position: 2,
  }),
  makeBusItem({ key: 'harness', label: 'Harness secured', kind: 'manual', position: 3 }),
];

/** Bus 1207 of campaign 5, assigned to Dana (user 1), in progress, with the standard checklist. */
export function makeBusDetail(overrides: Partial<CampaignBusDetail> = {}): CampaignBusDetail {
  return {
    ...makeCampaignBus({ id: 77, fleetNumber: '1207', vehicleId: 11, state: 'in_progress' }),
    assignee: { id: 1, name: 'Dana Installer' },
    progress: { done: 1, required: 4 },
    campaign: { id: 5, name: 'Winter retrofit', status: 'active' },
    items: [...CHECKLIST],
    frozen: null,
    exceptions: {},
    submitted: null,
    accepted: null,
    events: [],
    ...overrides,
  };
}

/** A bus's detail as the board reads it: submitted by Casey, one manual item done. */
export function makeDetail(bus: CampaignBus, overrides: Partial<CampaignBusDetail> = {}): CampaignBusDetail {
  return {
    ...bus,
    campaign: { id: 5, name: 'Winter retrofit', status: 'active' },
    items: [makeItem('cabling', 'Cabling tidy')],
    frozen: [makeItem('cabling', 'Cabling tidy')],
    exceptions: {},
    submitted: { by: CASEY, at: '2026-11-20T10:00:00.000Z' },
    accepted: null,
    events: [],
    ...overrides,
  };
}

const SentBodySchema = z.object({ occurredAt: z.iso.datetime({ offset: true }) }).catchall(z.unknown());

/** A queued write's body, its phone time (`occurredAt`, ISO 8601) checked and taken out. */
export function sentWithoutTime(body: unknown): Record<string, unknown> {
  const parsed = SentBodySchema.safeParse(body);
  expect(parsed.success, 'the body carries occurredAt as an ISO 8601 time').toBe(true);
  if (!parsed.success) return {};
  const { occurredAt: _occurredAt, ...rest } = parsed.data;
  return rest;
}
