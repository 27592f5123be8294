import { createHash } from 'node:crypto';
import {
  BLOCKER_LABELS,
  CAMPAIGN_EXPORT_HEADER,
  type BusItem,
  type CampaignItem,
  type CampaignTestKey,
} from '@toolkit/contracts/campaigns.ts';
import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import { PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import type { Db } from '../../db/client.ts';
import { csvBytes, type CsvCell } from '../../lib/csv/csv-writer.ts';
import type { AuthUser } from '../../lib/types.ts';
import { appendCampaignEvent } from './campaign-events.ts';
import { selectExportRows, type ExportRow } from './campaign-export.repository.ts';
import { findClientNames, selectItems, type CampaignRow } from './campaigns.repository.ts';

/**
 * The acceptance export (../shared/docs/campaigns.md, "Acceptance export"): one row per bus in
 * fleet-number order under the design's exact header, several values joined by `|`, times in
 * ISO 8601 UTC, tests from the checklist frozen at submit. The CSV writer adds the BOM, CRLF and
 * the injection guard; the event records the SHA-256 of exactly the bytes served.
 */

type Header = (typeof CAMPAIGN_EXPORT_HEADER)[number];

const JOIN = '|';
const UNIT_COLUMNS: Record<DeviceType, Header> = {
  GPS: 'gps_units',
  Tablet: 'tablet_units',
  Router: 'router_units',
  APC: 'apc_units',
  Other: 'other_units',
};
const TEST_COLUMNS: Record<CampaignTestKey, Header> = {
  gps: 'test_gps',
  connectivity: 'test_connectivity',
  headsign: 'test_headsign',
  clockSync: 'test_clock_sync',
  audio: 'test_audio',
};
/** Fleet numbers as people sort them: 99 before 1000, 1003 before 1207. */
const FLEET_ORDER = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export interface CampaignExport {
  bytes: Buffer;
  filename: string;
  sha256: string;
}

/**
 * A test's cell: `n/a` when the checklist has no such test (or it was marked not applicable),
 * `pending` before the bus was submitted, else the frozen result (pass, warning, fail, pending).
 */
function testCell(key: CampaignTestKey, frozen: readonly BusItem[] | null, items: readonly CampaignItem[]) {
  const isIt = (i: CampaignItem) => i.kind === 'test' && i.testKey === key;
  if (!frozen) return items.some(isIt) ? 'pending' : 'n/a';
  const item = frozen.find(isIt);
  if (!item || item.state === 'na') return 'n/a';
  const result = item.evidence.test?.result;
  if (result === 'pass' || result === 'warning' || result === 'fail') return result;
  return item.state === 'failed' ? 'fail' : 'pending';
}

/** The latest frozen test time, or null. */
function testedAt(frozen: readonly BusItem[] | null): string | null {
  const times = (frozen ?? []).flatMap((i) => (i.evidence.test ? [i.evidence.test.at] : []));
  return times.length === 0 ? null : new Date(Math.max(...times.map((t) => Date.parse(t)))).toISOString();
}

/** `itemKey: note` in checklist order (the database keeps no key order), joined by `|`. */
function exceptionsCell(exceptions: Record<string, string>, checklist: readonly CampaignItem[]): string {
  const position = (key: string) => {
    const at = checklist.findIndex((i) => i.key === key);
    return at === -1 ? checklist.length : at;
  };
  return Object.entries(exceptions)
    .sort(([a], [b]) => position(a) - position(b) || a.localeCompare(b))
    .map(([key, note]) => `${key}: ${note}`)
    .join(JOIN);
}

function busLine(
  bus: ExportRow,
  campaign: CampaignRow,
  agency: string,
  items: readonly CampaignItem[],
): CsvCell[] {
  const cells: Record<Header, CsvCell> = {
    campaign: campaign.name,
    agency,
    vehicle_id: bus.fleet,
    vin: bus.vin,
    make: bus.make,
    model: bus.model,
    year: bus.year,
    state: bus.state,
    accepted_with_exceptions: bus.accepted_with_exceptions,
    blocker: bus.blocker_code
      ? [BLOCKER_LABELS[bus.blocker_code], bus.blocker_note].filter(Boolean).join(': ')
      : null,
    installers: bus.installers.join(JOIN),
    submitted_at: bus.submitted_at,
    submitted_by: bus.submitted_by,
    accepted_at: bus.accepted_at,
    accepted_by: bus.accepted_by,
    acceptance_note: bus.acceptance_note,
    rework_count: bus.rework_count,
    gps_units: null,
    tablet_units: null,
    router_units: null,
    apc_units: null,
    other_units: null,
    test_gps: null,
    test_connectivity: null,
    test_headsign: null,
    test_clock_sync: null,
    test_audio: null,
    tested_at: testedAt(bus.frozen),
    photos: PHOTO_TYPES.flatMap((type) => {
      const n = bus.photos.find((p) => p.type === type)?.n ?? 0;
      return n > 0 ? [`${type}:${String(n)}`] : [];
    }).join(JOIN),
    exceptions: exceptionsCell(bus.exceptions ?? {}, bus.frozen ?? items),
  };
  for (const type of DEVICE_TYPES)
    cells[UNIT_COLUMNS[type]] = bus.devices
      .filter((d) => d.type === type)
      .map((d) => (d.imei ? `${d.deviceId}/${d.imei}` : d.deviceId))
      .join(JOIN);
  for (const key of Object.keys(TEST_COLUMNS) as CampaignTestKey[])
    cells[TEST_COLUMNS[key]] = testCell(key, bus.frozen, items);
  return CAMPAIGN_EXPORT_HEADER.map((h) => cells[h]);
}

/** A file name a person recognises: the agency, the campaign and the day, in safe characters. */
function fileName(agency: string, campaign: string, at: Date): string {
  const slug = `${agency} ${campaign}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'campaign'}-${at.toISOString().slice(0, 10)}.csv`;
}

export class CampaignExportService {
  constructor(private readonly db: Db) {}

  /** Builds the export of a campaign the caller may see and supervise, and records its event. */
  async export(user: AuthUser, campaign: CampaignRow): Promise<CampaignExport> {
    const [agency, items, buses] = await Promise.all([
      findClientNames(this.db, campaign.clientId),
      selectItems(this.db, campaign.id),
      selectExportRows(this.db, campaign.id),
    ]);
    buses.sort((a, b) => FLEET_ORDER.compare(a.fleet, b.fleet));
    const bytes = csvBytes(
      CAMPAIGN_EXPORT_HEADER,
      buses.map((bus) => busLine(bus, campaign, agency?.shown ?? '', items)),
    );
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const filename = fileName(agency?.short ?? '', campaign.name, new Date());
    await appendCampaignEvent(this.db, {
      campaignId: campaign.id,
      busId: null,
      vehicleId: null,
      clientId: campaign.clientId,
      actorId: user.id,
      kind: 'exported',
      payload: { campaignName: campaign.name, sha256, buses: buses.length, bytes: bytes.length, filename },
    });
    return { bytes, filename, sha256 };
  }
}
