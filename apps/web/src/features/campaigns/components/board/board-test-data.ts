import type {
  BusItem,
  Campaign,
  CampaignBus,
  CampaignBusDetail,
  CampaignEvent,
} from '@toolkit/contracts/campaigns.ts';

// The board's test data, shaped like the server's answers (typed by the contracts): campaign 5 of
// agency 3.

export const LEE = { id: 9, name: 'Lee Supervisor' };
export const CASEY = { id: 12, name: 'Casey Crew' };

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

export function makeBus(id: number, fleetNumber: string, overrides: Partial<CampaignBus> = {}): CampaignBus {
  return {
    id,
    campaignId: 5,
    vehicleId: id + 1000,
    fleetNumber,
    state: 'planned',
    assignee: null,
    plannedOn: null,
    blocked: null,
    reworkCount: 0,
    reworkReason: null,
    acceptedWithExceptions: false,
    changedAfterAcceptance: false,
    version: 1,
    progress: { done: 0, required: 4 },
    lastEvent: null,
    ...overrides,
  };
}

export function makeItem(key: string, label: string, overrides: Partial<BusItem> = {}): BusItem {
  return {
    key,
    label,
    kind: 'manual',
    required: true,
    position: 0,
    state: 'done',
    evidence: {},
    ...overrides,
  };
}

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
