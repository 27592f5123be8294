import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignBusDetail, CampaignEvent } from '@toolkit/contracts/campaigns.ts';
import type { CampaignStock, UnitLookup } from '@toolkit/contracts/shipments.ts';
import { queryRows } from '../src/db/query.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { addBuses, call, createCampaign, signInAll, SETUP_MS, type People } from './campaigns-helpers.ts';
import { file, iccid, imei, line, preview } from './shipments-helpers.ts';

/**
 * A unit becomes installed (issue 35): a device put on a bus, or created on one, that is an
 * in-stock unit of the agency marks the unit installed there, records `unit_installed` on the
 * campaign bus and shows the unit's serial as the fit item's evidence; a `unit_faulty` blocker
 * marks the scanned unit faulty; the campaign's stock counts units against what buses still need.
 */

describe('shipments: units installed, faulty, and the stock', () => {
  let ctx: TestContext;
  let p: People;
  let campaignId: number;
  /** Three buses of RMT, their GPS devices taken off, in the campaign (checklist: 1 GPS). */
  let buses: { id: number; vehicleId: number; fleet: string }[] = [];
  const bus = (i: number) => {
    const b = buses[i];
    if (!b) throw new Error(`no bus ${String(i)}`);
    return b;
  };
  const lookup = async (code: string) =>
    (
      await call(ctx, p.crew, 'GET', `/api/shipment-units/lookup?clientId=${String(p.rmt)}&code=${code}`)
    ).json<UnitLookup>();
  const events = async (kind: string) =>
    (await call(ctx, p.lead, 'GET', `/api/campaigns/${String(campaignId)}/events`))
      .json<{ items: CampaignEvent[] }>()
      .items.filter((e) => e.kind === kind);
  const stock = async () =>
    (await call(ctx, p.lead, 'GET', `/api/campaigns/${String(campaignId)}/stock`)).json<CampaignStock>();

  beforeAll(async () => {
    ctx = await createTestContext();
    p = await signInAll(ctx);
    campaignId = (await createCampaign(ctx, p.lead, p.rmt, 'Winter retrofit')).id;
    const free = await queryRows<{ id: number; fleet: string }>(
      ctx.deps.db,
      sql`select v.id, v.vehicle_id as fleet from vehicles v where v.client_id = ${p.rmt} order by v.id limit 3`,
    );
    const ids = free.map((v) => Number(v.id));
    // Their GPS units taken off, so each needs one.
    await queryRows(
      ctx.deps.db,
      sql`update devices set vehicle_id = null where type = 'GPS' and vehicle_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const busIds = await addBuses(ctx, p.lead, campaignId, ids);
    buses = free.map((v, i) => ({ id: busIds[i] ?? 0, vehicleId: Number(v.id), fleet: v.fleet }));
    const lines = [
      line('GPS-A', 'GPS', imei(201), iccid(201)),
      line('GPS-B', 'GPS', imei(202)),
      line('TAB-A', 'Tablet', imei(203)),
      line('TAB-B', 'Tablet', imei(204)),
    ];
    await preview(ctx, file(lines), {
      token: p.lead,
      clientId: p.rmt,
      campaignId,
      dryRun: false,
      reference: 'PO-7',
    });
  }, SETUP_MS);
  afterAll(() => ctx.close());

  it('the stock counts units by type against what the buses not yet accepted need', async () => {
    expect(await stock()).toEqual([
      { deviceType: 'GPS', inStock: 2, installed: 0, faulty: 0, needed: 3, short: 1 },
      { deviceType: 'Tablet', inStock: 2, installed: 0, faulty: 0, needed: 0, short: 0 },
    ]);
  });

  it('a spare device that is an in-stock unit, assigned to a campaign bus: the unit is installed there', async () => {
    const [spare] = await queryRows<{ device_id: string }>(
      ctx.deps.db,
      sql`update devices set imei = ${imei(201)}, serial_number = null where id = (select id from devices
          where client_id = ${p.rmt} and type = 'GPS' and vehicle_id is null order by id limit 1)
        returning device_id`,
    );
    if (!spare) throw new Error('no spare GPS');
    const res = await call(ctx, p.crew, 'POST', '/api/devices/assign', {
      clientId: p.rmt,
      vehicleId: bus(0).vehicleId,
      deviceIds: [spare.device_id],
    });
    expect(res.statusCode).toBe(200);
    const found = await lookup('GPS-A');
    expect(found.unit).toMatchObject({
      status: 'installed',
      deviceId: spare.device_id,
      bus: { vehicleId: bus(0).vehicleId, fleetNumber: bus(0).fleet },
    });
    expect(found.installedOn).toEqual({ vehicleId: bus(0).vehicleId, fleetNumber: bus(0).fleet });
    expect(await events('unit_installed')).toMatchObject([
      {
        busId: bus(0).id,
        actor: { id: p.crewId, name: 'Casey Crew' },
        payload: { serial: 'GPS-A', deviceId: spare.device_id, imei: imei(201) },
      },
    ]);
    // The fit item's evidence names the unit's serial (the device has none of its own).
    const detail = (
      await call(ctx, p.crew, 'GET', `/api/campaign-buses/${String(bus(0).id)}`)
    ).json<CampaignBusDetail>();
    const fit = detail.items.find((i) => i.key === 'gps_fitted');
    expect(fit).toMatchObject({
      state: 'done',
      evidence: { devices: [{ deviceId: spare.device_id, serial: 'GPS-A', imei: imei(201) }] },
    });
    expect(await stock()).toContainEqual({
      deviceType: 'GPS',
      inStock: 1,
      installed: 1,
      faulty: 0,
      needed: 2,
      short: 1,
    });
  });

  it('a device created on a bus from a shipment unit (its serial): the unit is installed there', async () => {
    const res = await call(ctx, p.crew, 'POST', '/api/devices', {
      clientId: p.rmt,
      vehicleId: bus(1).vehicleId,
      type: 'GPS',
      name: 'GPS from shipment',
      deviceSystem: 'CalAmp LMU-3640',
      serialNumber: 'gps-b',
    });
    expect(res.statusCode).toBe(201);
    const found = await lookup('GPS-B');
    expect(found.unit).toMatchObject({ status: 'installed', bus: { vehicleId: bus(1).vehicleId } });
    expect((await events('unit_installed')).map((e) => e.busId)).toEqual([bus(0).id, bus(1).id]);
    expect(await stock()).toContainEqual({
      deviceType: 'GPS',
      inStock: 0,
      installed: 2,
      faulty: 0,
      needed: 1,
      short: 1,
    });
  });

  it('a device that is no unit changes no unit', async () => {
    const before = await lookup('TAB-A');
    const res = await call(ctx, p.crew, 'POST', '/api/devices', {
      clientId: p.rmt,
      vehicleId: bus(2).vehicleId,
      type: 'Tablet',
      name: 'Tablet bought locally',
      deviceSystem: 'MDT',
      imei: imei(299),
    });
    expect(res.statusCode).toBe(201);
    expect(await lookup('TAB-A')).toEqual(before);
    expect(await events('unit_installed')).toHaveLength(2);
  });

  it('a unit_faulty blocker with a scanned unit marks that unit faulty and records unit_faulty on the bus', async () => {
    const res = await call(ctx, p.crew, 'POST', `/api/campaign-buses/${String(bus(2).id)}/block`, {
      code: 'unit_faulty',
      note: 'Screen cracked',
      unitCode: imei(204),
    });
    expect(res.statusCode).toBe(200);
    expect((await lookup('TAB-B')).unit).toMatchObject({ status: 'faulty', statusNote: 'Screen cracked' });
    expect(await events('unit_faulty')).toMatchObject([{ busId: bus(2).id, payload: { serial: 'TAB-B' } }]);
    expect(await stock()).toContainEqual({
      deviceType: 'Tablet',
      inStock: 1,
      installed: 0,
      faulty: 1,
      needed: 0,
      short: 0,
    });
  });
  it('a device created with the unit’s IMEI as its serial number (the phone’s "Create GPS from shipment"): the unit is installed there', async () => {
    const res = await call(ctx, p.crew, 'POST', '/api/devices', {
      clientId: p.rmt,
      vehicleId: bus(0).vehicleId,
      type: 'Tablet',
      name: 'Tablet from shipment',
      deviceSystem: 'MDT',
      serialNumber: imei(203),
    });
    expect(res.statusCode).toBe(201);
    expect((await lookup('TAB-A')).unit).toMatchObject({
      status: 'installed',
      bus: { vehicleId: bus(0).vehicleId },
    });
    expect((await events('unit_installed')).map((e) => e.busId)).toEqual([bus(0).id, bus(1).id, bus(0).id]);
  });
});
