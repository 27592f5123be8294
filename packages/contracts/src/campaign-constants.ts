/**
 * Install campaigns' constants, codes and sentences (issue 34, ../shared/docs/campaigns.md), word
 * for word; `campaigns.ts` gives them with the schemas.
 */

export const CAMPAIGN_ITEM_KINDS = ['fit', 'test', 'photo', 'manual'] as const;
export type CampaignItemKind = (typeof CAMPAIGN_ITEM_KINDS)[number];

export const CAMPAIGN_TEST_KEYS = ['gps', 'connectivity', 'headsign', 'clockSync', 'audio'] as const;
export type CampaignTestKey = (typeof CAMPAIGN_TEST_KEYS)[number];
/** The configuration test's column each test item reads. */
export const CAMPAIGN_TEST_COLUMNS = {
  gps: 'gpsTest',
  connectivity: 'connectivityTest',
  headsign: 'headsignTest',
  clockSync: 'clockSyncTest',
  audio: 'audioTest',
} as const satisfies Record<CampaignTestKey, string>;

export const CAMPAIGN_STATUSES = ['active', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const BUS_STATES = ['planned', 'in_progress', 'ready_for_review', 'accepted'] as const;
export type BusState = (typeof BUS_STATES)[number];
/** How the board and the phone name each state. */
export const BUS_STATE_LABELS: Record<BusState, string> = {
  planned: 'Planned',
  in_progress: 'In progress',
  ready_for_review: 'Ready for review',
  accepted: 'Accepted',
};
export const BUS_FLAG_LABELS = {
  blocked: 'Blocked',
  rework: 'Rework',
  acceptedWithExceptions: 'Accepted with exceptions',
  changedAfterAcceptance: 'Changed after acceptance',
  waitingToSync: 'Waiting to sync',
} as const;

export const ITEM_STATES = ['done', 'todo', 'failed', 'na', 'pending'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const BLOCKER_CODES = [
  'parts_missing',
  'bus_unavailable',
  'unit_faulty',
  'wiring_power',
  'no_signal',
  'needs_agency',
  'other',
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];
export const BLOCKER_LABELS: Record<BlockerCode, string> = {
  parts_missing: 'Parts missing',
  bus_unavailable: 'Bus not available',
  unit_faulty: 'Faulty unit',
  wiring_power: 'Wiring or power problem',
  no_signal: 'No signal in the yard',
  needs_agency: 'Needs an agency decision',
  other: 'Other',
};

export const CAMPAIGN_EVENT_KINDS = [
  'created',
  'buses_added',
  'imported',
  'assigned',
  'claimed',
  'item_set',
  'blocked',
  'unblocked',
  'submitted',
  'accepted',
  'rejected',
  'reopened',
  'exported',
  'unit_installed',
  'unit_faulty',
] as const;
export type CampaignEventKind = (typeof CAMPAIGN_EVENT_KINDS)[number];

/** At most this many checklist items per campaign. */
export const CAMPAIGN_MAX_ITEMS = 30;
/** A bus page (`GET /api/campaigns/{id}/buses`) holds at most this many buses. */
export const CAMPAIGN_BUS_PAGE = 200;
/** The bus-list CSV: at most 5 MB and 10,000 data rows; a preview shows the first 100 messages. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
export const CSV_PREVIEW_MESSAGES = 100;
/** A forced acceptance's note: at least this many characters. */
export const FORCE_NOTE_MIN = 3;

/** The acceptance export's header, exactly. */
export const CAMPAIGN_EXPORT_HEADER = [
  'campaign',
  'agency',
  'vehicle_id',
  'vin',
  'make',
  'model',
  'year',
  'state',
  'accepted_with_exceptions',
  'blocker',
  'installers',
  'submitted_at',
  'submitted_by',
  'accepted_at',
  'accepted_by',
  'acceptance_note',
  'rework_count',
  'gps_units',
  'tablet_units',
  'router_units',
  'apc_units',
  'other_units',
  'test_gps',
  'test_connectivity',
  'test_headsign',
  'test_clock_sync',
  'test_audio',
  'tested_at',
  'photos',
  'exceptions',
] as const;

export const CAMPAIGN_CODES = {
  exists: 'CAMPAIGN_EXISTS',
  busAssigned: 'BUS_ASSIGNED',
  itemDerived: 'ITEM_DERIVED',
  noteRequired: 'NOTE_REQUIRED',
  reasonRequired: 'REASON_REQUIRED',
  requiredMissing: 'REQUIRED_ITEMS_MISSING',
  busChanged: 'BUS_CHANGED',
  exceptionsNeedForce: 'EXCEPTIONS_NEED_FORCE',
  busAccepted: 'BUS_ACCEPTED',
  notPlanned: 'BUS_NOT_PLANNED',
  notReady: 'BUS_NOT_READY',
  notAccepted: 'BUS_NOT_ACCEPTED',
  assigneeInvalid: 'ASSIGNEE_INVALID',
  inOtherCampaign: 'BUS_IN_OTHER_CAMPAIGN',
  campaignClosed: 'CAMPAIGN_CLOSED',
  /** The checklist of a campaign with a bus submitted (its frozen checklist) no longer changes. */
  checklistLocked: 'CHECKLIST_LOCKED',
  /** A blocker's photo that is not a photo of that bus. */
  photoNotOnBus: 'PHOTO_NOT_ON_BUS',
  csvInvalid: 'CSV_INVALID',
  /** A CSV body above CSV_MAX_BYTES (413). */
  csvTooLarge: 'CSV_TOO_LARGE',
  notSupervisor: 'FORBIDDEN',
} as const;

/** The design's sentences, word for word (`{n}` parts are functions). */
export const CAMPAIGN_MESSAGES = {
  exists: (name: string, agency: string) => `A campaign named "${name}" already exists in ${agency}.`,
  busAssigned: (fleet: string, name: string) => `Bus ${fleet} is assigned to ${name}.`,
  claim: (fleet: string) => `Claim bus ${fleet}`,
  itemDerived: "This item fills itself from the bus's tests, devices or photos.",
  otherNeedsNote: 'Add a note for "Other".',
  reasonRequired: 'A reason is required.',
  missing: (fleet: string, labels: readonly string[]) => `Bus ${fleet} is missing: ${labels.join(', ')}`,
  backInProgress: (fleet: string) => `Bus ${fleet} is back in progress; submit it again when ready.`,
  busChanged: (fleet: string) => `Bus ${fleet} changed since you opened it; review it again.`,
  exceptionsNeedForce: (fleet: string) =>
    `Bus ${fleet} has exceptions; accept it with exceptions and a note.`,
  busAccepted: (fleet: string) => `Bus ${fleet} is accepted; ask a supervisor to reopen it.`,
  notReady: (fleet: string) => `Bus ${fleet} is not ready for review.`,
  notAccepted: (fleet: string) => `Bus ${fleet} is not accepted; only an accepted bus can be reopened.`,
  assigneeInvalid: (agency: string) => `That person is not an installer of ${agency}.`,
  naNeedsSupervisor: 'Only a supervisor can mark an item not applicable.',
  supervisorOnly: 'Only a supervisor or an administrator can do this.',
  vehicleNotInAgency: (vehicleId: number, agency: string) =>
    `Vehicle ${String(vehicleId)} is not in ${agency}.`,
  reviewAlone: (fleet: string) => `Bus ${fleet} has exceptions; review it on its own.`,
  notPlanned: (fleet: string) => `Bus ${fleet} has work recorded; only a planned bus can be removed.`,
  inOtherCampaign: (fleet: string, campaign: string) => `Bus ${fleet} is already in campaign "${campaign}".`,
  campaignClosed: (name: string) => `Campaign "${name}" is closed; reopen it to change it.`,
  checklistLocked: (name: string) =>
    `Campaign "${name}" has buses submitted for review; its checklist can no longer change.`,
  photoNotOnBus: (fleet: string) => `That photo is not a photo of bus ${fleet}.`,
  needsConnection: 'Needs a connection',
  waitingToSync: 'Waiting to sync',
  forceNoteShort: `Add a note of ${String(FORCE_NOTE_MIN)} characters or more.`,
  nameRequired: 'Campaign name is required',
  itemsRequired: 'Add at least one checklist item',
  tooManyItems: `A checklist has at most ${String(CAMPAIGN_MAX_ITEMS)} items`,
  duplicateItemKey: (key: string) => `Checklist item key "${key}" appears twice`,
  dueBeforeStart: 'The due date must not be before the start date',
  /** Bus-list CSV (the file-level messages are shared with shipments). */
  csv: {
    empty: 'The file is empty.',
    notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
    missingColumn: (column: string) => `Missing required column: ${column}.`,
    duplicateColumn: (column: string) => `Column "${column}" appears twice.`,
    unknownColumn: (column: string) => `Unknown column "${column}" is ignored.`,
    tooManyRows: (rows: number, limit: number) =>
      `The file has ${rows.toLocaleString('en-US')} rows; the limit is ${limit.toLocaleString('en-US')}. Split it and upload the parts.`,
    tooLarge: 'The file is larger than 5 MB. Split it and upload the parts.',
    cellCount: (row: number, cells: number, header: number) =>
      `Row ${String(row)}: has ${String(cells)} cells but the header has ${String(header)}.`,
    unclosedQuote: (row: number) => `Row ${String(row)}: a quoted field is not closed.`,
    emptyRow: (row: number) => `Row ${String(row)}: the row is empty; remove empty rows between data rows.`,
    vehicleUnknown: (row: number, vehicle: string, agency: string) =>
      `Row ${String(row)}: vehicle ${vehicle} is not in ${agency}. Add it first or remove the row.`,
    inCampaign: (row: number, vehicle: string, campaign: string) =>
      `Row ${String(row)}: bus ${vehicle} is already in campaign "${campaign}".`,
    notInstaller: (row: number, assignee: string, agency: string) =>
      `Row ${String(row)}: assignee "${assignee}" is not an installer of ${agency}.`,
    plannedOn: (row: number, value: string) =>
      `Row ${String(row)}: planned_on "${value}" must be YYYY-MM-DD.`,
    vehicleEmpty: (row: number) => `Row ${String(row)}: vehicle_id is empty.`,
    vehicleAgain: (row: number, vehicle: string, first: number) =>
      `Row ${String(row)}: vehicle ${vehicle} appears again (first in row ${String(first)}).`,
    /** A required cell left empty (`vehicleEmpty` for the bus list, `Row 7: serial is empty.` for shipments). */
    cellEmpty: (row: number, column: string) => `Row ${String(row)}: ${column} is empty.`,
    tooLong: (row: number, column: string, max: number) =>
      `Row ${String(row)}: ${column} has more than ${max.toLocaleString('en-US')} characters.`,
    /** A row the CSV reader could not make sense of (other than an unclosed quote). */
    unreadable: (row: number) => `Row ${String(row)}: the row could not be read; check its quotes.`,
    busAccepted: (row: number, vehicle: string) =>
      `Row ${String(row)}: bus ${vehicle} is accepted; ask a supervisor to reopen it.`,
    /** Another request added one of the file's buses between the checks and the import. */
    changedMeanwhile: 'The campaign changed while the file was being imported; upload it again.',
  },
} as const;
