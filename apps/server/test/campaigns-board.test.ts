import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Assignee,
  BusChange,
  Campaign,
  CampaignBusDetail,
  CampaignBusPage,
  CampaignDashboard,
} from '@toolkit/contracts/campaigns.ts';
import { queryRows } from '../src/db/query.ts';
import {
  CHECKLIST,
  addBuses,
  call,
  campaignRig,
  createCampaign,
  expectRefusal,
  takePhoto,
  vehiclesOf,
} from './campaigns-helpers.ts';

/**
 * What the supervisor's board needs besides the review (issue 34): who buses can be assigned to,
 * the dashboard in one answer, "not applicable" taken back, a blocker's photo, the bus's VIN, and
 * the rules of changing, closing and reopening a campaign.
 */
describe("the supervisor's board", () => {
  const rig = campaignRig();
  const { b, no, vid, detail } = rig;
  const campaignUrl = (tail = '') => `/api/campaigns/${String(rig.campaign.id)}${tail}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const dashboard = async () =>
    (await call(rig.ctx, rig.p.lead, 'GET', campaignUrl('/summary'))).json<CampaignDashboard>();

  it("lists the agency's people to a supervisor, who assigns buses to one of them or to nobody", async () => {
    const res = await call(rig.ctx, rig.p.lead, 'GET', campaignUrl('/assignees'));
    expect(res.statusCode).toBe(200);
    const people = res.json<Assignee[]>();
    const ours = [rig.p.crewId, rig.p.demoId, rig.p.leadId];
    expect(people.filter((x) => ours.includes(x.id))).toEqual([
      { id: rig.p.crewId, name: 'Casey Crew', role: 'installer' },
      { id: rig.p.demoId, name: 'Dana Installer', role: 'installer' },
      { id: rig.p.leadId, name: 'Lee Supervisor', role: 'supervisor' },
    ]);
    const names = people.map((x) => x.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    // Only people of RMT: the rival agency's installer is not offered.
    const rivalId = (await call(rig.ctx, rig.p.rival, 'GET', '/api/auth/verify')).json<{
      user: { id: number };
    }>().user.id;
    expect(people.map((x) => x.id)).not.toContain(rivalId);

    expectRefusal(await call(rig.ctx, rig.p.crew, 'GET', campaignUrl('/assignees')), 403, 'FORBIDDEN');
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'GET', '/api/campaigns/999999/assignees'),
      404,
      'NOT_FOUND',
    );

    const chosen = people.find((x) => x.name === 'Dana Installer');
    const assigned = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
      busIds: [rig.bus[10]],
      userId: chosen?.id ?? 0,
    });
    expect(assigned.json<{ items: BusChange[] }>().items[0]?.assignee).toEqual({
      id: rig.p.demoId,
      name: 'Dana Installer',
    });
    const unassigned = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
      busIds: [rig.bus[10]],
      userId: null,
    });
    expect(unassigned.json<{ items: BusChange[] }>().items[0]?.assignee).toBeNull();
  });

  it('gives each bus its VIN, as the vehicle has it', async () => {
    const [row] = await queryRows<{ vin: string | null }>(
      rig.ctx.deps.db,
      sql`select vin from vehicles where id = ${vid(0)}`,
    );
    const list = (await call(rig.ctx, rig.p.crew, 'GET', campaignUrl('/buses'))).json<CampaignBusPage>();
    expect(list.items.find((x) => x.id === rig.bus[0])?.vin).toBe(row?.vin ?? null);
    expect((await detail(0)).vin).toBe(row?.vin ?? null);
  });

  it('lets a supervisor take "not applicable" back from a derived item; an installer cannot', async () => {
    await call(rig.ctx, rig.p.crew, 'POST', b(1, '/claim'), {});
    const na = await call(rig.ctx, rig.p.lead, 'PUT', b(1, '/items/after_photo'), {
      state: 'na',
      note: 'No camera bay',
    });
    expect(na.statusCode).toBe(200);
    const byInstaller = await call(rig.ctx, rig.p.crew, 'PUT', b(1, '/items/after_photo'), { state: 'todo' });
    expectRefusal(byInstaller, 422, 'ITEM_DERIVED');
    const back = await call(rig.ctx, rig.p.lead, 'PUT', b(1, '/items/after_photo'), { state: 'todo' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await detail(1)).items.find((x) => x.key === 'after_photo')?.state).toBe('todo');
    // Without a mark to take back, a derived item is still not the supervisor's to tick.
    const again = await call(rig.ctx, rig.p.lead, 'PUT', b(1, '/items/after_photo'), { state: 'todo' });
    expectRefusal(again, 422, 'ITEM_DERIVED');
  });

  it("links a blocker's photo of the bus in its event, and refuses another bus's photo", async () => {
    await takePhoto(rig.ctx, vid(2), rig.p.crewId, 'issue');
    await takePhoto(rig.ctx, vid(3), rig.p.crewId, 'issue');
    const photos = await queryRows<{ id: number; vehicle_id: number }>(
      rig.ctx.deps.db,
      sql`select id, vehicle_id from installation_photos where vehicle_id in (${vid(2)}, ${vid(3)})`,
    );
    const photoOf = (v: number) => Number(photos.find((x) => Number(x.vehicle_id) === v)?.id ?? 0);
    const wrong = await call(rig.ctx, rig.p.crew, 'POST', b(2, '/block'), {
      code: 'wiring_power',
      photoId: photoOf(vid(3)),
    });
    expectRefusal(wrong, 422, 'PHOTO_NOT_ON_BUS', `That photo is not a photo of bus ${no(2)}.`);
    const blocked = await call(rig.ctx, rig.p.crew, 'POST', b(2, '/block'), {
      code: 'wiring_power',
      note: 'No ignition feed',
      photoId: photoOf(vid(2)),
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const event = (await detail(2)).events.findLast((e) => e.kind === 'blocked');
    expect(event?.payload).toMatchObject({ code: 'wiring_power', photoId: photoOf(vid(2)) });
  });

  it('counts the dashboard in one answer: states, blocked, share, accepted per day and blockers', async () => {
    await call(rig.ctx, rig.p.lead, 'PATCH', campaignUrl(), { startsOn: day(-10), dueOn: day(10) });
    await call(rig.ctx, rig.p.crew, 'POST', b(3, '/block'), { code: 'parts_missing', note: 'No tablet' });
    await call(rig.ctx, rig.p.crew, 'POST', b(4, '/block'), { code: 'parts_missing' });
    // Buses 5, 6 and 7 accepted: today, two days ago and then reopened (it no longer counts).
    await queryRows(
      rig.ctx.deps.db,
      sql`update campaign_buses set state = 'accepted', accepted_at = now() where id = ${rig.bus[5] ?? 0}`,
    );
    await queryRows(
      rig.ctx.deps.db,
      sql`update campaign_buses set state = 'accepted', accepted_at = now() - interval '2 days'
        where id = ${rig.bus[6] ?? 0}`,
    );
    await queryRows(
      rig.ctx.deps.db,
      sql`update campaign_buses set blocked_at = now() - interval '2 hours' where id = ${rig.bus[2] ?? 0}`,
    );
    await queryRows(
      rig.ctx.deps.db,
      sql`update campaign_buses set blocked_at = now() - interval '1 hour' where id = ${rig.bus[4] ?? 0}`,
    );
    const [blockedAt] = await queryRows<{ id: number; at: Date | string }>(
      rig.ctx.deps.db,
      sql`select id, blocked_at as at from campaign_buses where id = ${rig.bus[2] ?? 0}`,
    );

    const res = await call(rig.ctx, rig.p.crew, 'GET', campaignUrl('/summary'));
    expect(res.statusCode).toBe(200);
    const d = res.json<CampaignDashboard>();
    const [rows] = await queryRows<Record<string, number>>(
      rig.ctx.deps.db,
      sql`select count(*) filter (where state = 'planned')::int as planned,
          count(*) filter (where state = 'in_progress')::int as in_progress
        from campaign_buses where campaign_id = ${rig.campaign.id}`,
    );
    expect(d).toMatchObject({
      campaignId: rig.campaign.id,
      total: 12,
      counts: {
        planned: Number(rows?.planned),
        in_progress: Number(rows?.in_progress),
        ready_for_review: 0,
        accepted: 2,
      },
      blocked: 3,
      shareAccepted: 17,
      dueOn: day(10),
    });
    expect(d.acceptedPerDay).toHaveLength(14);
    expect(d.acceptedPerDay.at(-1)).toEqual({ day: day(0), accepted: 1, total: 2, target: 6 });
    expect(d.acceptedPerDay.at(-3)).toMatchObject({ day: day(-2), accepted: 1, total: 1 });
    expect(d.acceptedPerDay[0]).toMatchObject({ day: day(-13), accepted: 0, total: 0, target: 0 });
    // Blockers by code, the longest blocked first: wiring (bus 2) before parts (buses 3, then 4).
    expect(d.blockers.map((g) => [g.label, g.buses.map((x) => x.fleetNumber)])).toEqual([
      ['Wiring or power problem', [no(2)]],
      ['Parts missing', [no(4), no(3)]],
    ]);
    expect(d.blockers[0]?.buses[0]).toMatchObject({
      id: rig.bus[2],
      note: 'No ignition feed',
      at: new Date(blockedAt?.at ?? '').toISOString(),
    });

    await call(rig.ctx, rig.p.lead, 'POST', b(5, '/reopen'), {
      version: (await detail(5)).version,
      reason: 'Loose bracket',
    });
    expect((await dashboard()).acceptedPerDay.at(-1)).toMatchObject({ accepted: 0, total: 1 });
    expectRefusal(await call(rig.ctx, rig.p.rival, 'GET', campaignUrl('/summary')), 404, 'NOT_FOUND');
  });

  it('changes a checklist only until a bus is submitted; a closed campaign changes only by reopening', async () => {
    const spring = await createCampaign(rig.ctx, rig.p.lead, rig.p.rmt, 'Spring');
    const url = `/api/campaigns/${String(spring.id)}`;
    const spare = (await vehiclesOf(rig.ctx, rig.p.rmt, 14)).slice(12);
    const [first] = await addBuses(
      rig.ctx,
      rig.p.lead,
      spring.id,
      spare.map((v) => v.id),
    );
    const fewer = await call(rig.ctx, rig.p.lead, 'PATCH', url, { items: CHECKLIST.slice(0, 4) });
    expect(fewer.json<Campaign>().items).toHaveLength(4);

    const busUrl = `/api/campaign-buses/${String(first)}`;
    await call(rig.ctx, rig.p.crew, 'POST', `${busUrl}/claim`, {});
    const exceptions = { gps_fitted: 'x', connectivity: 'x', after_photo: 'x', cables_tied: 'x' };
    const sent = await call(rig.ctx, rig.p.crew, 'POST', `${busUrl}/submit`, { exceptions });
    expect(sent.statusCode, sent.body).toBe(200);
    const locked = await call(rig.ctx, rig.p.lead, 'PATCH', url, { items: CHECKLIST });
    expectRefusal(
      locked,
      409,
      'CHECKLIST_LOCKED',
      'Campaign "Spring" has buses submitted for review; its checklist can no longer change.',
    );
    // The same checklist sent back with a new name (an edit form sends it whole) is no change.
    const renamed = await call(rig.ctx, rig.p.lead, 'PATCH', url, {
      name: 'Spring refit',
      items: CHECKLIST.slice(0, 4),
    });
    expect(renamed.json()).toMatchObject({ name: 'Spring refit' });

    const closed = await call(rig.ctx, rig.p.lead, 'PATCH', url, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const shut = await call(rig.ctx, rig.p.lead, 'PATCH', url, { dueOn: day(30) });
    expectRefusal(shut, 409, 'CAMPAIGN_CLOSED', 'Campaign "Spring refit" is closed; reopen it to change it.');
    const work = await call(rig.ctx, rig.p.crew, 'POST', `${busUrl}/block`, { code: 'no_signal' });
    expectRefusal(work, 409, 'CAMPAIGN_CLOSED');
    const reopened = await call(rig.ctx, rig.p.lead, 'PATCH', url, { status: 'active', dueOn: day(30) });
    expect(reopened.json()).toMatchObject({ status: 'active', dueOn: day(30) });
    const detailOf = (await call(rig.ctx, rig.p.lead, 'GET', busUrl)).json<CampaignBusDetail>();
    expect(detailOf.campaign.status).toBe('active');
  });
});
