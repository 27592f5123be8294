import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BusChange, CampaignBusPage } from '@toolkit/contracts/campaigns.ts';
import { queryRows } from '../src/db/query.ts';
import { call, campaignRig, expectRefusal, runTest, takePhoto } from './campaigns-helpers.ts';

/**
 * A campaign bus at work (issue 34): claim (two at once), the checklist that fills itself from
 * devices, tests and photos, ticks, "not applicable", blockers and assignment; every refusal's
 * code and words. The review is in campaigns-review.test.ts.
 */
describe('a campaign bus at work', () => {
  const rig = campaignRig();
  const { b, no, vid, detail } = rig;
  const item = async (i: number, key: string) => (await detail(i)).items.find((x) => x.key === key);

  it('claims a bus: one person, and two at once give it to one of them', async () => {
    const mine = await call(rig.ctx, rig.p.crew, 'POST', b(0, '/claim'), {});
    expect(mine.json<BusChange>()).toMatchObject({ state: 'in_progress', assignee: { name: 'Casey Crew' } });
    const theirs = await call(rig.ctx, rig.p.demo, 'POST', b(0, '/claim'), {});
    expectRefusal(theirs, 409, 'BUS_ASSIGNED', `Bus ${no(0)} is assigned to Casey Crew.`);
    const again = await call(rig.ctx, rig.p.crew, 'POST', b(0, '/claim'));
    expect(again.statusCode, again.body).toBe(200); // theirs already

    const both = await Promise.all([
      call(rig.ctx, rig.p.crew, 'POST', b(1, '/claim'), {}),
      call(rig.ctx, rig.p.demo, 'POST', b(1, '/claim'), {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)?.json<BusChange>().assignee?.name ?? '';
    const loser = both.find((r) => r.statusCode === 409);
    expect(loser?.json()).toEqual({
      code: 'BUS_ASSIGNED',
      message: `Bus ${no(1)} is assigned to ${winner}.`,
    });
    const [claims] = await queryRows<{ n: number }>(
      rig.ctx.deps.db,
      sql`select count(*)::int as n from campaign_events where bus_id = ${rig.bus[1] ?? 0} and kind = 'claimed'`,
    );
    expect(Number(claims?.n)).toBe(1);
  });

  it('fills the checklist from devices, tests and photos made after the bus joined', async () => {
    expect(await item(2, 'gps_fitted')).toMatchObject({
      state: 'done',
      evidence: { count: { have: 1, need: 1 } },
    });
    await queryRows(
      rig.ctx.deps.db,
      sql`update devices set vehicle_id = null where vehicle_id = ${vid(2)} and type = 'GPS'`,
    );
    expect((await item(2, 'gps_fitted'))?.state).toBe('todo');
    // A test from before the bus joined does not count; the latest one after does.
    await queryRows(
      rig.ctx.deps.db,
      sql`insert into config_tests (vehicle_id, user_id, connectivity_test, created_at)
        values (${vid(2)}, ${rig.p.crewId}, 'pass', now() - interval '1 day')`,
    );
    expect((await item(2, 'connectivity'))?.state).toBe('todo');
    await runTest(rig.ctx, vid(2), rig.p.crewId, 'fail');
    expect((await item(2, 'connectivity'))?.state).toBe('failed');
    await runTest(rig.ctx, vid(3), rig.p.crewId, 'warning');
    expect((await item(3, 'connectivity'))?.state).toBe('todo'); // a warning counts only if the item says so
    await runTest(rig.ctx, vid(3), rig.p.crewId, 'pass');
    const test = await item(3, 'connectivity');
    expect(test).toMatchObject({ state: 'done', evidence: { test: { result: 'pass' } } });
    await takePhoto(rig.ctx, vid(3), rig.p.crewId, 'before');
    expect((await item(3, 'after_photo'))?.state).toBe('todo');
    await takePhoto(rig.ctx, vid(3), rig.p.crewId, 'after');
    expect(await item(3, 'after_photo')).toMatchObject({
      state: 'done',
      evidence: { count: { have: 1, need: 1 } },
    });
    const list = (
      await call(rig.ctx, rig.p.lead, 'GET', `/api/campaigns/${String(rig.campaign.id)}/buses`)
    ).json<CampaignBusPage>();
    expect(list.items.find((x) => x.id === rig.bus[3])?.progress).toEqual({ done: 3, required: 4 });
  });

  it('ticks manual items; refuses derived ones, others\' buses, and "not applicable" without a supervisor or reason', async () => {
    const tick = await call(rig.ctx, rig.p.crew, 'PUT', b(0, '/items/cables_tied'), {
      state: 'done',
      note: 'Zip ties',
    });
    expect(tick.statusCode).toBe(200);
    expect((await item(0, 'cables_tied'))?.evidence.tick).toMatchObject({
      by: { name: 'Casey Crew' },
      note: 'Zip ties',
    });
    await call(rig.ctx, rig.p.crew, 'PUT', b(0, '/items/cables_tied'), { state: 'todo' });
    expect((await item(0, 'cables_tied'))?.state).toBe('todo');
    const derived = await call(rig.ctx, rig.p.crew, 'PUT', b(0, '/items/gps_fitted'), { state: 'done' });
    expectRefusal(
      derived,
      422,
      'ITEM_DERIVED',
      "This item fills itself from the bus's tests, devices or photos.",
    );
    const other = await call(rig.ctx, rig.p.demo, 'PUT', b(0, '/items/cables_tied'), { state: 'done' });
    expectRefusal(other, 409, 'BUS_ASSIGNED', `Bus ${no(0)} is assigned to Casey Crew.`);
    const naByInstaller = await call(rig.ctx, rig.p.crew, 'PUT', b(0, '/items/after_photo'), {
      state: 'na',
      note: 'x',
    });
    expectRefusal(naByInstaller, 403, 'FORBIDDEN', 'Only a supervisor can mark an item not applicable.');
    const naBare = await call(rig.ctx, rig.p.lead, 'PUT', b(0, '/items/after_photo'), { state: 'na' });
    expectRefusal(naBare, 422, 'REASON_REQUIRED', 'A reason is required.');
    const na = await call(rig.ctx, rig.p.lead, 'PUT', b(0, '/items/after_photo'), {
      state: 'na',
      note: 'No camera bay',
    });
    expect((await item(0, 'after_photo'))?.state).toBe('na');
    expect(na.json<BusChange>().progress.done).toBeGreaterThanOrEqual(2);
    expect((await call(rig.ctx, rig.p.crew, 'PUT', b(0, '/items/nope'), { state: 'done' })).statusCode).toBe(
      404,
    );
    // The first tick on an unassigned bus is the installer's claim: planned → in progress.
    const first = await call(rig.ctx, rig.p.demo, 'PUT', b(4, '/items/cables_tied'), {
      state: 'done',
      occurredAt: '2026-11-01T08:00:00.000Z',
    });
    expect(first.json<BusChange>()).toMatchObject({
      state: 'in_progress',
      assignee: { name: 'Dana Installer' },
    });
    const ev = (await detail(4)).events.find((e) => e.kind === 'item_set');
    expect(ev?.occurredAt).toBe('2026-11-01T08:00:00.000Z');
    expect(ev?.recordedAt).not.toBe(ev?.occurredAt);
  });

  it('reports and clears a blocker; "Other" needs a note', async () => {
    const bare = await call(rig.ctx, rig.p.crew, 'POST', b(0, '/block'), { code: 'other' });
    expectRefusal(bare, 422, 'NOTE_REQUIRED', 'Add a note for "Other".');
    const blocked = await call(rig.ctx, rig.p.crew, 'POST', b(0, '/block'), {
      code: 'parts_missing',
      note: 'No tablet',
    });
    expect(blocked.json<BusChange>().blocked).toMatchObject({
      code: 'parts_missing',
      note: 'No tablet',
      by: { name: 'Casey Crew' },
    });
    const list = await call(
      rig.ctx,
      rig.p.lead,
      'GET',
      `/api/campaigns/${String(rig.campaign.id)}/buses?blocked=true`,
    );
    expect(list.json<CampaignBusPage>().items.map((x) => x.id)).toEqual([rig.bus[0]]);
    expectRefusal(await call(rig.ctx, rig.p.demo, 'POST', b(0, '/unblock'), {}), 409, 'BUS_ASSIGNED');
    const cleared = await call(rig.ctx, rig.p.crew, 'POST', b(0, '/unblock'), {});
    expect(cleared.json<BusChange>().blocked).toBeNull();
  });

  it('assigns and unassigns buses; only to a person of the agency', async () => {
    const res = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
      busIds: [rig.bus[11]],
      userId: rig.p.crewId,
    });
    expect(res.json<{ items: BusChange[] }>().items[0]).toMatchObject({
      state: 'in_progress',
      assignee: { name: 'Casey Crew' },
    });
    const rivalId = (await call(rig.ctx, rig.p.rival, 'GET', '/api/auth/verify')).json<{
      user: { id: number };
    }>().user.id;
    const wrong = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
      busIds: [rig.bus[11]],
      userId: rivalId,
    });
    expectRefusal(wrong, 422, 'ASSIGNEE_INVALID', 'That person is not an installer of RMT.');
    const none = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
      busIds: [rig.bus[11]],
      userId: null,
    });
    expect(none.json<{ items: BusChange[] }>().items[0]?.assignee).toBeNull();
    const events = (await detail(11)).events.map((e) => e.kind);
    expect(events).toEqual(['assigned', 'assigned']);
  });
});
