import type {
  BusItem,
  CampaignBus,
  CampaignBusDetail,
  CampaignSummary,
} from '@toolkit/contracts/campaigns.ts';
import { expect } from 'vitest';
import { z } from 'zod';

// Test data of the campaign screens, shaped like the server's answers (typed by the contracts).

/** A bus of campaign 5 (agency 3): planned, unassigned, nothing done of 8. */
export function makeCampaignBus(
  overrides: Partial<CampaignBus> & Pick<CampaignBus, 'id' | 'fleetNumber'>,
): CampaignBus {
  return {
    campaignId: 5,
    vehicleId: overrides.id + 1000,
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

const SentBodySchema = z.object({ occurredAt: z.iso.datetime({ offset: true }) }).catchall(z.unknown());

/** A queued write's body, its phone time (`occurredAt`, ISO 8601) checked and taken out. */
export function sentWithoutTime(body: unknown): Record<string, unknown> {
  const parsed = SentBodySchema.safeParse(body);
  expect(parsed.success, 'the body carries occurredAt as an ISO 8601 time').toBe(true);
  if (!parsed.success) return {};
  const { occurredAt: _occurredAt, ...rest } = parsed.data;
  return rest;
}
