import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignEvent } from '@toolkit/contracts/campaigns.ts';
import type { Shipment, ShipmentUnit, ShipmentUnitPage, UnitLookup } from '@toolkit/contracts/shipments.ts';
import { queryRows } from '../src/db/query.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  call,
  createCampaign,
  expectRefusal,
  signInAll,
  SETUP_MS,
  type People,
} from './campaigns-helpers.ts';
import { clientIdOf, file, iccid, imei, line, preview } from './shipments-helpers.ts';

/**
 * Shipments after the import (issue 35): the lists, the unit scan (devices first, then units by
 * serial, IMEI, ICCID), a unit's status (supervisor), roles and agencies.
 */

describe('shipments: lists, the scan, a unit’s status', () => {
  let ctx: TestContext;
  let p: People;
  let other: number;
  let campaignId: number;
  let shipment: Shipment;
  const units = new Map<string, ShipmentUnit>();
  const unit = (serial: string) => {
    const u = units.get(serial);
    if (!u) throw new Error(`no unit ${serial}`);
    return u;
  };
  const lookup = (code: string, token = p.crew, clientId = p.rmt) =>
    call(
      ctx,
      token,
      'GET',
      `/api/shipment-units/lookup?clientId=${String(clientId)}&code=${encodeURIComponent(code)}`,
    );
  const patch = (id: number, body: unknown, token = p.lead, key?: string) =>
    call(
      ctx,
      token,
      'PATCH',
      `/api/shipment-units/${String(id)}`,
      body,
      key ? { 'idempotency-key': key } : {},
    );
  const eventsOf = async (kind: string) =>
    (await call(ctx, p.lead, 'GET', `/api/campaigns/${String(campaignId)}/events`))
      .json<{ items: CampaignEvent[] }>()
      .items.filter((e) => e.kind === kind);

  beforeAll(async () => {
    ctx = await createTestContext();
    p = await signInAll(ctx);
    other = await clientIdOf(ctx, 'ag-300');
    campaignId = (await createCampaign(ctx, p.lead, p.rmt, 'Winter retrofit')).id;
    const lines = [
      line('U-GPS-1', 'GPS', imei(101), iccid(101), '+15550101001', 'FMC130', 'BOX-1'),
      line('U-TAB-1', 'Tablet', imei(102), '', '', 'Tab Active5', 'BOX-1'),
      line('U-RT-1', 'Router', '', iccid(103), '', 'XR60', 'BOX-2'),
      line('U-APC-1', 'APC', '', '', '', 'IRMA', 'BOX-2'),
    ];
    const res = await preview(ctx, file(lines), {
      token: p.lead,
      clientId: p.rmt,
      campaignId,
      dryRun: false,
      reference: 'PO-1187',
    });
    if (!res.shipment) throw new Error('not imported');
    shipment = res.shipment;
    const page = (
      await call(ctx, p.crew, 'GET', `/api/shipments/${String(shipment.id)}/units`)
    ).json<ShipmentUnitPage>();
    for (const u of page.items) units.set(u.serial, u);
  }, SETUP_MS);
  afterAll(() => ctx.close());

  it('lists the agency’s shipments with their counts, and a shipment’s units in serial order', async () => {
    const list = await call(ctx, p.crew, 'GET', `/api/shipments/client/${String(p.rmt)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Shipment[]>()).toMatchObject([
      {
        reference: 'PO-1187',
        campaignId,
        rows: 4,
        importedBy: { id: p.leadId, name: 'Lee Supervisor' },
        counts: { in_stock: 4, installed: 0, faulty: 0, returned: 0 },
      },
    ]);
    expect((await call(ctx, p.lead, 'GET', `/api/shipments/client/${String(p.vvt)}`)).json()).toEqual([]);
    const page = (
      await call(ctx, p.crew, 'GET', `/api/shipments/${String(shipment.id)}/units`)
    ).json<ShipmentUnitPage>();
    expect(page.items.map((u) => u.serial)).toEqual(['U-APC-1', 'U-GPS-1', 'U-RT-1', 'U-TAB-1']);
    expect(page).toMatchObject({ total: 4, nextCursor: null });
    expect(unit('U-GPS-1')).toMatchObject({
      shipmentReference: 'PO-1187',
      deviceType: 'GPS',
      imei: imei(101),
      iccid: iccid(101),
      phone: '+15550101001',
      model: 'FMC130',
      box: 'BOX-1',
      status: 'in_stock',
      deviceId: null,
      bus: null,
    });
    const installed = await call(
      ctx,
      p.crew,
      'GET',
      `/api/shipments/${String(shipment.id)}/units?status=installed`,
    );
    expect(installed.json<ShipmentUnitPage>()).toMatchObject({ items: [], total: 0 });
  });

  it('finds a unit by serial (any case), IMEI or ICCID', async () => {
    for (const [code, serial] of [
      ['u-gps-1', 'U-GPS-1'],
      [imei(102), 'U-TAB-1'],
      [iccid(103), 'U-RT-1'],
      [' U-APC-1 ', 'U-APC-1'],
    ] as const) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(200);
      expect(res.json<UnitLookup>()).toEqual({ unit: unit(serial) });
    }
  });

  it('looks in the agency’s devices first: a device with the code answers with its bus and its unit', async () => {
    const [device] = await queryRows<{ device_id: string; vehicle_id: number; fleet: string }>(
      ctx.deps.db,
      sql`select d.device_id, d.vehicle_id, v.vehicle_id as fleet from devices d join vehicles v on v.id = d.vehicle_id
        where d.client_id = ${p.rmt} and d.type = 'GPS' order by d.id limit 1`,
    );
    if (!device) throw new Error('fixture');
    const byId = (await lookup(device.device_id.toLowerCase())).json<UnitLookup>();
    expect(byId).toMatchObject({
      unit: null,
      device: { deviceId: device.device_id },
      installedOn: { vehicleId: Number(device.vehicle_id), fleetNumber: device.fleet },
    });
    // A device carrying the unit's IMEI wins over the unit alone, and brings it along.
    await queryRows(
      ctx.deps.db,
      sql`update devices set imei = ${imei(101)} where device_id = ${device.device_id}`,
    );
    const both = (await lookup(imei(101))).json<UnitLookup>();
    expect(both).toMatchObject({ device: { deviceId: device.device_id }, unit: { serial: 'U-GPS-1' } });
    await queryRows(ctx.deps.db, sql`update devices set imei = null where device_id = ${device.device_id}`);
  });

  it('nothing matches: 404 No unit or device matches "XYZ".', async () => {
    expectRefusal(await lookup('XYZ'), 404, 'UNIT_NOT_FOUND', 'No unit or device matches "XYZ".');
  });

  it('another agency’s shipments, units and scans answer 404, never their data', async () => {
    const id = String(shipment.id);
    const gps = String(unit('U-GPS-1').id);
    for (const res of [
      await call(ctx, p.rival, 'GET', `/api/shipments/client/${String(p.rmt)}`),
      await call(ctx, p.rival, 'GET', `/api/shipments/${id}/units`),
      await lookup('U-GPS-1', p.rival),
      await call(ctx, p.rival, 'GET', `/api/shipment-units/index?clientId=${String(p.rmt)}`),
      await patch(Number(gps), { status: 'faulty', note: 'x' }, p.rival),
      await call(ctx, p.rival, 'GET', `/api/campaigns/${String(campaignId)}/stock`),
    ])
      expect(res.statusCode).toBe(404);
    // Nor may a supervisor import into, or look up in, an agency that is not theirs.
    const res = await call(
      ctx,
      p.lead,
      'POST',
      `/api/shipments/import?clientId=${String(other)}&reference=PO-X&dryRun=1`,
    );
    expect(res.statusCode).toBe(404);
    expect((await lookup('U-GPS-1', p.lead, other)).statusCode).toBe(404);
  });

  it('an installer reads and scans but may not import or change a unit (403)', async () => {
    expect(
      (await call(ctx, p.crew, 'GET', `/api/shipment-units/index?clientId=${String(p.rmt)}`)).statusCode,
    ).toBe(200);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/import?clientId=${String(p.rmt)}&reference=PO-2&dryRun=1`,
      headers: { authorization: `Bearer ${p.crew}`, 'content-type': 'text/csv' },
      payload: file([line('Z-1')]),
    });
    expectRefusal(imported, 403, 'FORBIDDEN', 'Only a supervisor or an administrator can do this.');
    expectRefusal(
      await patch(unit('U-APC-1').id, { status: 'faulty', note: 'cracked' }, p.crew),
      403,
      'FORBIDDEN',
    );
    expect((await lookup('U-APC-1')).json<UnitLookup>().unit?.status).toBe('in_stock');
  });

  it('the unit index holds every unit of the agency for the offline scan', async () => {
    const res = await call(ctx, p.crew, 'GET', `/api/shipment-units/index?clientId=${String(p.rmt)}`);
    const index = res.json<{
      items: { serial: string; imei: string | null; status: string }[];
      asOf: string;
    }>();
    expect(index.items.map((i) => i.serial).sort()).toEqual(['U-APC-1', 'U-GPS-1', 'U-RT-1', 'U-TAB-1']);
    expect(index.items.find((i) => i.serial === 'U-TAB-1')).toMatchObject({
      imei: imei(102),
      status: 'in_stock',
    });
    expect(new Date(index.asOf).toISOString()).toBe(index.asOf);
  });

  it('a supervisor marks a unit faulty (one unit_faulty event, once per Idempotency-Key), returned, back in stock', async () => {
    const id = unit('U-RT-1').id;
    for (let i = 0; i < 2; i += 1) {
      const res = await patch(id, { status: 'faulty', note: 'Dead on arrival' }, p.lead, 'faulty-rt-0001');
      expect(res.statusCode).toBe(200);
      expect(res.json<ShipmentUnit>()).toMatchObject({
        serial: 'U-RT-1',
        status: 'faulty',
        statusNote: 'Dead on arrival',
      });
    }
    expect(await eventsOf('unit_faulty')).toMatchObject([
      {
        busId: null,
        actor: { id: p.leadId, name: 'Lee Supervisor' },
        payload: { unitId: id, serial: 'U-RT-1', note: 'Dead on arrival' },
      },
    ]);
    expect((await lookup('U-RT-1')).json<UnitLookup>().unit?.status).toBe('faulty');
    expect((await patch(id, { status: 'returned', note: 'RMA 5521' })).json()).toMatchObject({
      status: 'returned',
    });
    expect((await patch(id, { status: 'in_stock', note: null })).json()).toMatchObject({
      status: 'in_stock',
      statusNote: null,
    });
    expect(await eventsOf('unit_faulty')).toHaveLength(1);
  });

  it('a unit is not made installed by hand (422), and a body that does not parse is 400', async () => {
    const id = unit('U-APC-1').id;
    expectRefusal(
      await patch(id, { status: 'installed', note: 'on 1003' }),
      422,
      'UNIT_STATUS_INVALID',
      'A unit becomes installed when its device is put on a bus.',
    );
    expect((await patch(id, { status: 'lost' })).statusCode).toBe(400);
    expect((await patch(999_999, { status: 'faulty' })).statusCode).toBe(404);
  });
});
