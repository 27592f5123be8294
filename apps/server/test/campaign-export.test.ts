import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import {
  campaignBuses,
  campaignEvents,
  campaignItems,
  campaigns,
  clients,
  devices,
  vehicles,
} from '../src/db/schema/tables.ts';
import { appendCampaignEvent } from '../src/modules/campaigns/campaign-events.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

/** The acceptance export (GET /api/campaigns/{id}/export.csv): bytes, header, cells, event. */

const HEADER_LINE =
  'campaign,agency,vehicle_id,vin,make,model,year,state,accepted_with_exceptions,blocker,installers,submitted_at,submitted_by,accepted_at,accepted_by,acceptance_note,rework_count,gps_units,tablet_units,router_units,apc_units,other_units,test_gps,test_connectivity,test_headsign,test_clock_sync,test_audio,tested_at,photos,exceptions';

const TESTED_AT = '2026-11-20T09:30:00.000Z';
const testItem = (
  key: string,
  testKey: BusItem['testKey'],
  state: BusItem['state'],
  result: string | null,
  position: number,
): BusItem => ({
  key,
  label: key,
  kind: 'test',
  testKey,
  required: true,
  position,
  state,
  evidence: result === null ? {} : { test: { id: 1, result, at: TESTED_AT } },
});

describe('acceptance export', () => {
  let ctx: TestContext;
  let lead: string;
  let crew2: string;
  let leadId: number;
  let crewId: number;
  let rmt: number;
  let campaignId: number;
  const busIds = new Map<string, { busId: number; vehicleId: number }>();

  async function clientId(externalId: string): Promise<number> {
    const [row] = await ctx.deps.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.externalId, externalId));
    if (!row) throw new Error(`no agency ${externalId}`);
    return row.id;
  }
  async function addBus(fleet: string, patch: Partial<typeof campaignBuses.$inferInsert> = {}) {
    const [vehicle] = await ctx.deps.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.clientId, rmt), eq(vehicles.vehicleId, fleet)));
    if (!vehicle) throw new Error(`no bus ${fleet}`);
    const [bus] = await ctx.deps.db
      .insert(campaignBuses)
      .values({ campaignId, vehicleId: vehicle.id, ...patch })
      .returning({ id: campaignBuses.id });
    if (!bus) throw new Error('bus not added');
    busIds.set(fleet, { busId: bus.id, vehicleId: vehicle.id });
  }
  async function event(fleet: string, actorId: number, kind: 'claimed' | 'item_set' | 'accepted') {
    const bus = busIds.get(fleet);
    if (!bus) throw new Error(`no bus ${fleet}`);
    await appendCampaignEvent(ctx.deps.db, {
      campaignId,
      busId: bus.busId,
      vehicleId: bus.vehicleId,
      clientId: rmt,
      actorId,
      kind,
    });
  }
  const download = (id = campaignId, token = lead) =>
    ctx.app.inject({ method: 'GET', url: `/api/campaigns/${String(id)}/export.csv`, headers: bearer(token) });
  async function exported(): Promise<{ raw: Buffer; text: string; records: Record<string, string>[] }> {
    const res = await download();
    expect(res.statusCode, res.body).toBe(200);
    const raw = res.rawPayload;
    const text = raw.toString('utf8');
    const records = parse<Record<string, string>>(raw, { bom: true, columns: true });
    return { raw, text, records };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const signedIn = await login(ctx, 'lead');
    lead = signedIn.token;
    leadId = signedIn.user.id;
    const crew = await login(ctx, 'crew2');
    crew2 = crew.token;
    crewId = crew.user.id;
    await login(ctx, 'rival');
    rmt = await clientId('ag-100');
    const [campaign] = await ctx.deps.db
      .insert(campaigns)
      .values({ clientId: rmt, name: 'Winter retrofit', createdBy: leadId })
      .returning({ id: campaigns.id });
    if (!campaign) throw new Error('campaign not created');
    campaignId = campaign.id;
    await ctx.deps.db.insert(campaignItems).values(
      (['gps', 'connectivity', 'headsign', 'clockSync'] as const).map((testKey, position) => ({
        campaignId,
        key: `${testKey}_test`,
        label: `${testKey} test`,
        kind: 'test' as const,
        testKey,
        position,
      })),
    );
    // Added out of order: the export sorts by fleet number.
    await addBus('1012');
    await addBus('1003', {
      state: 'accepted',
      submittedBy: crewId,
      submittedAt: new Date('2026-11-20T10:00:00Z'),
      acceptedBy: leadId,
      acceptedAt: new Date('2026-11-21T08:15:00Z'),
      acceptedWithExceptions: true,
      acceptanceNote: '=HYPERLINK("http://evil.example")',
      reworkCount: 1,
      exceptions: { headsign_test: 'Sign on order', clock_test: '-2 s drift' },
      frozen: [
        testItem('gps_test', 'gps', 'done', 'pass', 0),
        testItem('connectivity_test', 'connectivity', 'done', 'warning', 1),
        testItem('headsign_test', 'headsign', 'failed', 'fail', 2),
        testItem('clock_test', 'clockSync', 'na', null, 3),
      ],
    });
    await addBus('1008', {
      state: 'in_progress',
      assigneeId: crewId,
      blockerCode: 'parts_missing',
      blockerNote: '@tablets late',
      blockedBy: crewId,
      blockedAt: new Date('2026-11-22T12:00:00Z'),
    });
    await event('1003', crewId, 'claimed');
    await event('1003', leadId, 'accepted');
    await event('1008', crewId, 'item_set');
  });
  afterAll(() => ctx.close());

  it('serves a UTF-8 BOM, the exact header and CRLF line ends, as an attachment', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="rmt-winter-retrofit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER_LINE);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n')).toHaveLength(5);
  });

  it('has one row per bus in fleet-number order', async () => {
    const { records } = await exported();
    expect(records.map((r) => r.vehicle_id)).toEqual(['1003', '1008', '1012']);
    expect(
      records.every((r) => r.campaign === 'Winter retrofit' && r.agency === 'Riverside Metropolitan Transit'),
    ).toBe(true);
  });

  it('fills an accepted bus from its frozen checklist, people and times in ISO 8601 UTC', async () => {
    const { records } = await exported();
    const bus = records[0];
    expect(bus).toMatchObject({
      state: 'accepted',
      accepted_with_exceptions: 'true',
      installers: 'Casey Crew',
      submitted_at: '2026-11-20T10:00:00.000Z',
      submitted_by: 'Casey Crew',
      accepted_at: '2026-11-21T08:15:00.000Z',
      accepted_by: 'Lee Supervisor',
      rework_count: '1',
      test_gps: 'pass',
      test_connectivity: 'warning',
      test_headsign: 'fail',
      test_clock_sync: 'n/a',
      test_audio: 'n/a',
      tested_at: TESTED_AT,
      exceptions: 'headsign_test: Sign on order|clock_test: -2 s drift',
    });
  });

  it('lists a bus’s units as device id / IMEI, joined by |', async () => {
    const bus = busIds.get('1003');
    if (!bus) throw new Error('no bus');
    const [gps] = await ctx.deps.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.vehicleId, bus.vehicleId), eq(devices.type, 'GPS')));
    if (!gps) throw new Error('bus 1003 has no GPS unit');
    await ctx.deps.db.update(devices).set({ imei: '356307042441013' }).where(eq(devices.id, gps.id));
    const onBus = await ctx.deps.db
      .select({ deviceId: devices.deviceId, type: devices.type, imei: devices.imei })
      .from(devices)
      .where(eq(devices.vehicleId, bus.vehicleId))
      .orderBy(asc(devices.deviceId));
    expect(onBus.length).toBeGreaterThan(0);
    const cell = (type: string) =>
      onBus
        .filter((d) => d.type === type)
        .map((d) => (d.imei ? `${d.deviceId}/${d.imei}` : d.deviceId))
        .join('|');
    const { records } = await exported();
    expect(records[0]).toMatchObject({
      gps_units: cell('GPS'),
      tablet_units: cell('Tablet'),
      router_units: cell('Router'),
      apc_units: cell('APC'),
      other_units: cell('Other'),
    });
    expect(cell('GPS')).toMatch(/\//);
  });

  it('gives pending tests before submit and the blocker with its note', async () => {
    const { records } = await exported();
    expect(records[1]).toMatchObject({
      state: 'in_progress',
      accepted_with_exceptions: 'false',
      blocker: 'Parts missing: @tablets late',
      installers: 'Casey Crew',
      test_gps: 'pending',
      test_clock_sync: 'pending',
      test_audio: 'n/a',
      submitted_at: '',
      tested_at: '',
    });
    expect(records[2]).toMatchObject({ state: 'planned', installers: '', blocker: '', exceptions: '' });
  });

  it('guards cells a spreadsheet would run as a formula', async () => {
    const bus = busIds.get('1012');
    if (!bus) throw new Error('no bus');
    const hostile = { vin: '-2+3', make: '+cmd', model: '@SUM(A1)' };
    await ctx.deps.db.update(vehicles).set(hostile).where(eq(vehicles.id, bus.vehicleId));
    const { text, records } = await exported();
    expect(records[0]?.acceptance_note).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(records[2]).toMatchObject({ vin: "'-2+3", make: "'+cmd", model: "'@SUM(A1)" });
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const guarded = parse(text.split('\r\n').slice(1).join('\r\n'));
    for (const row of guarded) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('records an exported event with the SHA-256 of the bytes served, BOM included', async () => {
    const before = await ctx.deps.db
      .select({ id: campaignEvents.id })
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.kind, 'exported')));
    const { raw } = await exported();
    const after = await ctx.deps.db
      .select()
      .from(campaignEvents)
      .where(
        and(
          eq(campaignEvents.campaignId, campaignId),
          eq(campaignEvents.kind, 'exported'),
          before.length > 0
            ? notInArray(
                campaignEvents.id,
                before.map((b) => b.id),
              )
            : undefined,
        ),
      );
    expect(after).toHaveLength(1);
    expect(after[0]?.actorId).toBe(leadId);
    expect(after[0]?.busId).toBeNull();
    expect(after[0]?.payload).toMatchObject({
      sha256: createHash('sha256').update(raw).digest('hex'),
      buses: 3,
    });
  });

  it('answers 403 to an installer and 404 for another agency’s campaign', async () => {
    expect((await download(campaignId, crew2)).statusCode).toBe(403);
    const [pct] = await ctx.deps.db
      .insert(campaigns)
      .values({ clientId: await clientId('ag-300'), name: 'Rural refit', createdBy: leadId })
      .returning({ id: campaigns.id });
    if (!pct) throw new Error('campaign not created');
    expect((await download(pct.id)).statusCode).toBe(404);
    expect((await download(999_999)).statusCode).toBe(404);
  });
});
