import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Campaign, CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { queryRows } from '../src/db/query.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

/** What the campaign tests share: the people, the agencies, a checklist, calls by name. */

export interface People {
  lead: string;
  crew: string;
  demo: string;
  rival: string;
  leadId: number;
  crewId: number;
  demoId: number;
  rmt: number;
  vvt: number;
}

/** Building the app and signing four people in (each a first pull) is slow on a loaded machine. */
export const SETUP_MS = 180_000;

export async function signInAll(ctx: TestContext): Promise<People> {
  const lead = await login(ctx, 'lead');
  const crew = await login(ctx, 'crew2');
  const demo = await login(ctx, 'demo');
  const rival = await login(ctx, 'rival');
  const clients = await clientsOf(ctx, lead.token);
  const id = (name: string) => clients.find((c) => c.name === name)?.id ?? 0;
  return {
    lead: lead.token,
    crew: crew.token,
    demo: demo.token,
    rival: rival.token,
    leadId: lead.user.id,
    crewId: crew.user.id,
    demoId: demo.user.id,
    rmt: id('RMT'),
    vvt: id('VVT'),
  };
}

export const CHECKLIST = [
  { key: 'gps_fitted', label: 'GPS fitted', kind: 'fit', deviceType: 'GPS', quantity: 1 },
  { key: 'connectivity', label: 'Connectivity test', kind: 'test', testKey: 'connectivity' },
  { key: 'after_photo', label: 'After photo', kind: 'photo', photoType: 'after', minCount: 1 },
  { key: 'cables_tied', label: 'Cables tied', kind: 'manual' },
  { key: 'sticker', label: 'Sticker on the dash', kind: 'manual', required: false },
] as const;

export async function call(
  ctx: TestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function createCampaign(
  ctx: TestContext,
  token: string,
  clientId: number,
  name: string,
): Promise<Campaign> {
  const res = await call(ctx, token, 'POST', '/api/campaigns', { clientId, name, items: CHECKLIST });
  if (res.statusCode !== 201) throw new Error(`create campaign: ${String(res.statusCode)} ${res.body}`);
  return res.json<Campaign>();
}

/** The agency's vehicles (id and fleet number), in id order. */
export async function vehiclesOf(ctx: TestContext, clientId: number, n: number) {
  const rows = await queryRows<{ id: number; fleet: string }>(
    ctx.deps.db,
    sql`select id, vehicle_id as fleet from vehicles where client_id = ${clientId} order by id limit ${n}`,
  );
  return rows.map((r) => ({ id: Number(r.id), fleet: r.fleet }));
}

/** Adds vehicles to a campaign and answers their bus ids, in the vehicles' order. */
export async function addBuses(ctx: TestContext, token: string, campaignId: number, vehicleIds: number[]) {
  const res = await call(ctx, token, 'POST', `/api/campaigns/${String(campaignId)}/buses`, { vehicleIds });
  if (res.statusCode !== 200) throw new Error(`add buses: ${String(res.statusCode)} ${res.body}`);
  const rows = await queryRows<{ id: number; vehicle_id: number }>(
    ctx.deps.db,
    sql`select id, vehicle_id from campaign_buses where campaign_id = ${campaignId}`,
  );
  return vehicleIds.map((v) => Number(rows.find((r) => Number(r.vehicle_id) === v)?.id ?? 0));
}

/** The evidence other modules record, written straight into their tables. */
export async function fitDevice(ctx: TestContext, vehicleId: number, type: string): Promise<string> {
  const [row] = await queryRows<{ device_id: string }>(
    ctx.deps.db,
    sql`update devices set vehicle_id = ${vehicleId} where id = (select d.id from devices d
      join vehicles v on v.client_id = d.client_id where v.id = ${vehicleId} and d.type = ${type}
      and d.vehicle_id is null order by d.id limit 1) returning device_id`,
  );
  if (!row) throw new Error(`no spare ${type}`);
  return row.device_id;
}

export async function runTest(ctx: TestContext, vehicleId: number, userId: number, connectivity: string) {
  await queryRows(
    ctx.deps.db,
    sql`insert into config_tests (vehicle_id, user_id, connectivity_test, created_at)
      values (${vehicleId}, ${userId}, ${connectivity}, now() + interval '1 second')`,
  );
}

export async function takePhoto(ctx: TestContext, vehicleId: number, userId: number, type: string) {
  await queryRows(
    ctx.deps.db,
    sql`insert into installation_photos (vehicle_id, photo_data, photo_type, taken_by, taken_at)
      values (${vehicleId}, 'data:image/jpeg;base64,AAAA', ${type}, ${userId}, now() + interval '1 second')`,
  );
}

/** Asserts an error answer: its status, code and (when given) exact message, in the house shape. */
export function expectRefusal(
  res: Awaited<ReturnType<typeof call>>,
  status: number,
  code: string,
  message?: string,
): void {
  const body = res.json<{ code: string; message: string }>();
  expect({ status: res.statusCode, code: body.code }).toEqual({ status, code });
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

/** A campaign of RMT's first vehicles, each a bus, built once for a describe block. */
export interface CampaignRig {
  readonly ctx: TestContext;
  readonly p: People;
  readonly campaign: Campaign;
  /** The buses' ids, in the vehicles' order. */
  readonly bus: readonly number[];
  /** The path of bus i, with a tail (`/claim`). */
  b: (i: number, tail?: string) => string;
  /** Bus i's fleet number. */
  no: (i: number) => string;
  /** Bus i's vehicle (vehicles.id). */
  vid: (i: number) => number;
  /** Bus i as the supervisor reads it. */
  detail: (i: number) => Promise<CampaignBusDetail>;
}

/**
 * Registers the set-up of a describe block (the app, everyone signed in, campaign "Winter
 * retrofit" of RMT with `buses` buses) and its tear-down; its parts are read in the tests.
 */
export function campaignRig(buses = 12): CampaignRig {
  let state: {
    ctx: TestContext;
    p: People;
    campaign: Campaign;
    fleet: { id: number; fleet: string }[];
    bus: number[];
  } | null = null;
  beforeAll(async () => {
    const ctx = await createTestContext();
    const p = await signInAll(ctx);
    const campaign = await createCampaign(ctx, p.lead, p.rmt, 'Winter retrofit');
    const fleet = await vehiclesOf(ctx, p.rmt, buses);
    const bus = await addBuses(
      ctx,
      p.lead,
      campaign.id,
      fleet.map((v) => v.id),
    );
    state = { ctx, p, campaign, fleet, bus };
  }, SETUP_MS);
  afterAll(() => state?.ctx.close());
  const s = () => {
    if (state === null) throw new Error('the campaign rig is not set up');
    return state;
  };
  return {
    get ctx() {
      return s().ctx;
    },
    get p() {
      return s().p;
    },
    get campaign() {
      return s().campaign;
    },
    get bus() {
      return s().bus;
    },
    b: (i, tail = '') => `/api/campaign-buses/${String(s().bus[i])}${tail}`,
    no: (i) => s().fleet[i]?.fleet ?? '',
    vid: (i) => s().fleet[i]?.id ?? 0,
    detail: async (i) =>
      (
        await call(s().ctx, s().p.lead, 'GET', `/api/campaign-buses/${String(s().bus[i])}`)
      ).json<CampaignBusDetail>(),
  };
}
