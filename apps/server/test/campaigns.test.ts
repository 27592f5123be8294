import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignBusPage, CampaignSummary } from '@toolkit/contracts/campaigns.ts';
import { queryRows } from '../src/db/query.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  addBuses,
  call,
  CHECKLIST,
  createCampaign,
  expectRefusal,
  signInAll,
  vehiclesOf,
  type People,
  SETUP_MS,
} from './campaigns-helpers.ts';

/**
 * Install campaigns (issue 34): roles, agency scoping, campaigns, buses added and removed, the bus
 * list (order, filters, pages), events (append-only) and idempotent writes. One app for the file.
 */
describe('install campaigns', () => {
  let ctx: TestContext;
  let p: People;
  let winter: Campaign;
  let fleet: { id: number; fleet: string }[];
  beforeAll(async () => {
    ctx = await createTestContext();
    p = await signInAll(ctx);
    fleet = await vehiclesOf(ctx, p.rmt, 260);
    winter = await createCampaign(ctx, p.lead, p.rmt, 'Winter retrofit');
  }, SETUP_MS);
  afterAll(() => ctx.close());
  const url = (id: number, tail = '') => `/api/campaigns/${String(id)}${tail}`;
  const v = (i: number) => fleet[i] ?? { id: 0, fleet: '' };

  it('gives lead (of RMT and VVT) the supervisor role, crew2 and demo the installer one', async () => {
    for (const [token, role, name] of [
      [p.lead, 'supervisor', 'Lee Supervisor'],
      [p.crew, 'installer', 'Casey Crew'],
      [p.demo, 'installer', 'Dana Installer'],
    ] as const) {
      const res = await call(ctx, token, 'GET', '/api/auth/verify');
      expect(res.json()).toMatchObject({ user: { role, name } });
    }
  });

  it('creates a campaign with its checklist, and refuses the same name in any case', async () => {
    expect(winter).toMatchObject({ clientId: p.rmt, name: 'Winter retrofit', status: 'active' });
    expect(winter.items.map((i) => [i.key, i.position, i.required])).toEqual(
      CHECKLIST.map((i, n) => [i.key, n, !('required' in i)]),
    );
    const again = await call(ctx, p.lead, 'POST', '/api/campaigns', {
      clientId: p.rmt,
      name: 'WINTER retrofit',
      items: CHECKLIST,
    });
    expectRefusal(again, 409, 'CAMPAIGN_EXISTS', 'A campaign named "WINTER retrofit" already exists in RMT.');
    const elsewhere = await call(ctx, p.lead, 'POST', '/api/campaigns', {
      clientId: p.vvt,
      name: 'Winter retrofit',
      items: CHECKLIST,
    });
    expect(elsewhere.statusCode).toBe(201); // unique per agency only
  });

  it('refuses an installer every supervisor route with 403 FORBIDDEN', async () => {
    const [bus] = await addBuses(ctx, p.lead, winter.id, [v(0).id]);
    const b = `/api/campaign-buses/${String(bus)}`;
    const routes = [
      ['POST', '/api/campaigns', { clientId: p.rmt, name: 'Mine', items: CHECKLIST }],
      ['PATCH', url(winter.id), { name: 'Renamed' }],
      ['POST', url(winter.id, '/buses'), { vehicleIds: [v(1).id] }],
      ['DELETE', b, undefined],
      ['POST', '/api/campaign-buses/assign', { busIds: [bus], userId: p.crewId }],
      ['POST', `${b}/accept`, { version: 1 }],
      ['POST', '/api/campaign-buses/accept', { items: [{ busId: bus, version: 1 }] }],
      ['POST', `${b}/reject`, { version: 1, reason: 'No' }],
      ['POST', `${b}/reopen`, { version: 1, reason: 'No' }],
    ] as const;
    for (const [method, path, body] of routes) {
      const res = await call(ctx, p.crew, method, path, body);
      expectRefusal(res, 403, 'FORBIDDEN', 'Only a supervisor or an administrator can do this.');
    }
  });

  it("answers 404 for another agency's campaign, bus and list, never 403", async () => {
    const [bus] = await addBuses(ctx, p.lead, winter.id, [v(2).id]);
    const b = `/api/campaign-buses/${String(bus)}`;
    for (const [method, path, body] of [
      ['GET', `/api/campaigns/client/${String(p.rmt)}`, undefined],
      ['GET', url(winter.id), undefined],
      ['GET', url(winter.id, '/buses'), undefined],
      ['GET', url(winter.id, '/events'), undefined],
      ['GET', b, undefined],
      ['POST', `${b}/claim`, {}],
      ['PUT', `${b}/items/cables_tied`, { state: 'done' }],
      ['POST', `${b}/block`, { code: 'parts_missing' }],
      ['POST', `${b}/submit`, {}],
    ] as const) {
      const res = await call(ctx, p.rival, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const pct = await queryRows<{ id: number }>(ctx.deps.db, sql`select id from clients where name = 'PCT'`);
    const made = await call(ctx, p.lead, 'POST', '/api/campaigns', {
      clientId: Number(pct[0]?.id),
      name: 'Not mine',
      items: CHECKLIST,
    });
    expect(made.statusCode).toBe(404);
  });

  it('changes, closes and reopens a campaign; a closed one frees its buses', async () => {
    const spring = await createCampaign(ctx, p.lead, p.rmt, 'Spring');
    const patched = await call(ctx, p.lead, 'PATCH', url(spring.id), {
      name: 'Spring refit',
      startsOn: '2026-12-01',
      dueOn: '2027-02-01',
      items: CHECKLIST.slice(0, 2),
    });
    expect(patched.json()).toMatchObject({ name: 'Spring refit', dueOn: '2027-02-01' });
    expect(patched.json<Campaign>().items).toHaveLength(2);
    const dates = await call(ctx, p.lead, 'PATCH', url(spring.id), { startsOn: '2027-03-01' });
    expectRefusal(dates, 400, 'VALIDATION', 'The due date must not be before the start date');
    const taken = await call(ctx, p.lead, 'PATCH', url(spring.id), { name: 'winter retrofit' });
    expectRefusal(taken, 409, 'CAMPAIGN_EXISTS', 'A campaign named "winter retrofit" already exists in RMT.');

    // Bus 0 is in Winter retrofit: Spring cannot take it until Winter is closed.
    const add = await call(ctx, p.lead, 'POST', url(spring.id, '/buses'), {
      vehicleIds: [v(0).id, v(10).id],
    });
    expect(add.json()).toEqual({
      added: 1,
      skipped: [
        { vehicleId: v(0).id, reason: `Bus ${v(0).fleet} is already in campaign "Winter retrofit".` },
      ],
    });
    const closed = await call(ctx, p.lead, 'PATCH', url(spring.id), { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const shut = await call(ctx, p.lead, 'POST', url(spring.id, '/buses'), { vehicleIds: [v(11).id] });
    expectRefusal(shut, 409, 'CAMPAIGN_CLOSED', 'Campaign "Spring refit" is closed; reopen it to change it.');
    await addBuses(ctx, p.lead, winter.id, [v(10).id]);
    const reopen = await call(ctx, p.lead, 'PATCH', url(spring.id), { status: 'active' });
    expectRefusal(
      reopen,
      409,
      'BUS_IN_OTHER_CAMPAIGN',
      `Bus ${v(10).fleet} is already in campaign "Winter retrofit".`,
    );
  });

  it("adds only the agency's vehicles and removes a bus only while planned", async () => {
    const vvt = await vehiclesOf(ctx, p.vvt, 1);
    const other = vvt[0]?.id ?? 0;
    const res = await call(ctx, p.lead, 'POST', url(winter.id, '/buses'), {
      vehicleIds: [other, v(3).id, v(3).id],
    });
    expect(res.json()).toEqual({
      added: 1,
      skipped: [{ vehicleId: other, reason: `Vehicle ${String(other)} is not in RMT.` }],
    });
    const [planned, working] = await addBuses(ctx, p.lead, winter.id, [v(4).id, v(5).id]);
    await call(ctx, p.crew, 'POST', `/api/campaign-buses/${String(working)}/claim`, {});
    const gone = await call(ctx, p.lead, 'DELETE', `/api/campaign-buses/${String(planned)}`);
    expect(gone.statusCode).toBe(204);
    const stays = await call(ctx, p.lead, 'DELETE', `/api/campaign-buses/${String(working)}`);
    expectRefusal(
      stays,
      409,
      'BUS_NOT_PLANNED',
      `Bus ${v(5).fleet} has work recorded; only a planned bus can be removed.`,
    );
  });

  it('lists the agency campaigns with counts, mine and unassigned', async () => {
    const res = await call(ctx, p.crew, 'GET', `/api/campaigns/client/${String(p.rmt)}`);
    const mine = res.json<CampaignSummary[]>().find((c) => c.id === winter.id);
    const [row] = await queryRows<{ total: number; mine: number; planned: number }>(
      ctx.deps.db,
      sql`select count(*)::int as total, count(*) filter (where assignee_id = ${p.crewId})::int as mine,
        count(*) filter (where state = 'planned')::int as planned from campaign_buses where campaign_id = ${winter.id}`,
    );
    expect(mine).toMatchObject({
      total: Number(row?.total),
      mine: Number(row?.mine),
      counts: { planned: Number(row?.planned) },
      blocked: 0,
    });
    expect(mine?.unassigned).toBe(Number(row?.total) - Number(row?.mine));
  });

  it('lists buses in board order, filters them and pages with a cursor', async () => {
    const list = await createCampaign(ctx, p.lead, p.vvt, 'Board order');
    const vvt = await vehiclesOf(ctx, p.vvt, 6);
    const ids = await addBuses(
      ctx,
      p.lead,
      list.id,
      vvt.map((x) => x.id),
    );
    const set = (i: number, patch: ReturnType<typeof sql>) =>
      queryRows(ctx.deps.db, sql`update campaign_buses set ${patch} where id = ${ids[i] ?? 0}`);
    await set(0, sql`state = 'in_progress', assignee_id = ${p.leadId}`);
    await set(1, sql`state = 'accepted'`);
    await set(2, sql`state = 'in_progress', rework_reason = 'Photo blurred', rework_count = 1`);
    await set(3, sql`state = 'ready_for_review'`);
    await set(
      4,
      sql`state = 'in_progress', blocker_code = 'parts_missing', blocked_by = ${p.leadId}, blocked_at = now()`,
    );
    const res = await call(ctx, p.lead, 'GET', url(list.id, '/buses'));
    const order = res.json<CampaignBusPage>().items.map((b) => b.id);
    expect(order).toEqual([ids[1], ids[3], ids[4], ids[2], ids[0], ids[5]]);
    const q = async (query: string) =>
      (await call(ctx, p.lead, 'GET', url(list.id, `/buses?${query}`)))
        .json<CampaignBusPage>()
        .items.map((b) => b.id);
    expect(await q('state=in_progress')).toEqual([ids[4], ids[2], ids[0]]);
    expect(await q('assignee=me')).toEqual([ids[0]]);
    expect(await q(`assignee=${String(p.leadId)}`)).toEqual([ids[0]]);
    expect((await q('assignee=none')).length).toBe(5);
    expect(await q('blocked=true')).toEqual([ids[4]]);
    expect(await q(`q=${vvt[5]?.fleet ?? ''}`)).toContain(ids[5]);
    expect(await q('q=%25_')).toEqual([]);
    expect((await call(ctx, p.lead, 'GET', url(list.id, '/buses?cursor=garbage'))).statusCode).toBe(200);

    // 250 buses: two pages, nothing twice, nothing missed, in order.
    const big = await createCampaign(ctx, p.lead, p.rmt, 'Big one');
    const free = fleet.slice(20, 270).map((x) => x.id);
    await call(ctx, p.lead, 'POST', url(big.id, '/buses'), { vehicleIds: free });
    const first = (await call(ctx, p.lead, 'GET', url(big.id, '/buses'))).json<CampaignBusPage>();
    expect(first.items).toHaveLength(200);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await call(ctx, p.lead, 'GET', url(big.id, `/buses?cursor=${first.nextCursor ?? ''}`))
    ).json<CampaignBusPage>();
    const all = [...first.items, ...second.items];
    expect(second.nextCursor).toBeNull();
    expect(new Set(all.map((b) => b.id)).size).toBe(first.total);
    const numbers = all.map((b) => b.fleetNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('keeps events append-only: oldest first, filtered, no route or SQL changes one', async () => {
    const res = await call(ctx, p.lead, 'GET', url(winter.id, '/events'));
    const events = res.json<{
      items: { id: number; kind: string; busId: number | null; actor: { id: number } }[];
    }>().items;
    expect(events[0]).toMatchObject({ kind: 'created', actor: { id: p.leadId } });
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));
    const claimed = events.find((e) => e.kind === 'claimed');
    const byBus = await call(ctx, p.lead, 'GET', url(winter.id, `/events?busId=${String(claimed?.busId)}`));
    expect(byBus.json<{ items: { busId: number }[] }>().items.every((e) => e.busId === claimed?.busId)).toBe(
      true,
    );
    const byActor = await call(ctx, p.lead, 'GET', url(winter.id, `/events?actor=${String(p.crewId)}`));
    expect(byActor.json<{ items: { kind: string }[] }>().items.map((e) => e.kind)).toEqual(['claimed']);
    const after = await call(ctx, p.lead, 'GET', url(winter.id, `/events?cursor=${String(events[0]?.id)}`));
    expect(after.json<{ items: unknown[] }>().items).toHaveLength(events.length - 1);
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const)
      expect((await call(ctx, p.lead, method, url(winter.id, '/events'), {})).statusCode).toBe(404);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const failure = await queryRows(ctx.deps.db, statement).then(
        () => null,
        (err: unknown) => err,
      );
      return failure instanceof Error ? `${failure.message} ${String(failure.cause)}` : 'no error';
    };
    expect(await refusal(sql`update campaign_events set kind = 'accepted'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from campaign_events`)).toMatch(/append-only/);
    const logs = await queryRows<{ action: string; details: string }>(
      ctx.deps.db,
      sql`select action, details from installation_logs where action = 'campaign_claimed'`,
    );
    expect(logs[0]?.details).toContain('Campaign "Winter retrofit": bus claimed');
  });

  it('replays a keyed write once and bumps the revision with every change', async () => {
    const key = { 'idempotency-key': 'campaign-create-0001' };
    const body = { clientId: p.rmt, name: 'Replayed', items: CHECKLIST };
    const a = await call(ctx, p.lead, 'POST', '/api/campaigns', body, key);
    const b = await call(ctx, p.lead, 'POST', '/api/campaigns', body, key);
    expect([a.statusCode, b.statusCode, b.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(b.json()).toEqual(a.json());
    const made = a.json<Campaign>();
    const [bus] = await addBuses(ctx, p.lead, made.id, [v(6).id]);
    const claimKey = { 'idempotency-key': 'campaign-claim-0001' };
    const c1 = await call(ctx, p.crew, 'POST', `/api/campaign-buses/${String(bus)}/claim`, {}, claimKey);
    const c2 = await call(ctx, p.crew, 'POST', `/api/campaign-buses/${String(bus)}/claim`, {}, claimKey);
    expect(c2.json()).toEqual(c1.json());
    const events = await queryRows<{ n: number; key: string }>(
      ctx.deps.db,
      sql`select count(*)::int as n, max(idempotency_key) as key from campaign_events where campaign_id = ${made.id} and kind = 'claimed'`,
    );
    expect(events[0]).toMatchObject({ n: 1, key: 'campaign-claim-0001' });
    const now = (await call(ctx, p.lead, 'GET', url(made.id))).json<Campaign>();
    expect(now.revision).toBe(made.revision + 2); // buses added, claimed
  });
});
