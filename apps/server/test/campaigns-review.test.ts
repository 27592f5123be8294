import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BusChange } from '@toolkit/contracts/campaigns.ts';
import { queryRows } from '../src/db/query.ts';
import { call, campaignRig, expectRefusal, runTest, takePhoto } from './campaigns-helpers.ts';

/**
 * A campaign bus's review (issue 34): submit with what is missing, a later tick that sends it
 * back, accept (the version seen, with exceptions), the lock on an accepted bus, "Changed after
 * acceptance", reopen, reject and accept selected; every refusal's code and words.
 */
describe('a campaign bus from submit to acceptance', () => {
  const rig = campaignRig();
  const { b, no, vid, detail } = rig;
  /** Makes every derived item of bus i done: a passing test and an after photo (its GPS is on). */
  const evidence = async (i: number) => {
    await runTest(rig.ctx, vid(i), rig.p.crewId, 'pass');
    await takePhoto(rig.ctx, vid(i), rig.p.crewId, 'after');
  };

  it('submits with what is missing only with a note for each, and a later tick sends it back', async () => {
    await call(rig.ctx, rig.p.crew, 'POST', b(5, '/claim'), {});
    await call(rig.ctx, rig.p.crew, 'PUT', b(5, '/items/cables_tied'), { state: 'done' });
    const missing = await call(rig.ctx, rig.p.crew, 'POST', b(5, '/submit'), {});
    expectRefusal(
      missing,
      422,
      'REQUIRED_ITEMS_MISSING',
      `Bus ${no(5)} is missing: Connectivity test, After photo`,
    );
    const partly = await call(rig.ctx, rig.p.crew, 'POST', b(5, '/submit'), {
      exceptions: { connectivity: 'No SIM yet' },
    });
    expectRefusal(partly, 422, 'REQUIRED_ITEMS_MISSING', `Bus ${no(5)} is missing: After photo`);
    const exceptions = { connectivity: 'No SIM yet', after_photo: 'Dark depot' };
    const sent = await call(rig.ctx, rig.p.crew, 'POST', b(5, '/submit'), { exceptions });
    expect(sent.json<BusChange>().state).toBe('ready_for_review');
    const seen = await detail(5);
    expect(seen.exceptions).toEqual(exceptions);
    expect(seen.frozen?.map((x) => x.state)).toEqual(seen.items.map((x) => x.state));
    const back = await call(rig.ctx, rig.p.crew, 'PUT', b(5, '/items/sticker'), { state: 'done' });
    expect(back.json<BusChange>()).toMatchObject({
      state: 'in_progress',
      message: `Bus ${no(5)} is back in progress; submit it again when ready.`,
    });
    // New evidence does not change the state.
    await call(rig.ctx, rig.p.crew, 'POST', b(5, '/submit'), { exceptions });
    await runTest(rig.ctx, vid(5), rig.p.crewId, 'pass');
    expect((await detail(5)).state).toBe('ready_for_review');
  });

  it('accepts only the version seen; exceptions need force and a note; then the bus is locked', async () => {
    const v = (await detail(5)).version;
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(5, '/accept'), { version: v - 1 }),
      409,
      'BUS_CHANGED',
      `Bus ${no(5)} changed since you opened it; review it again.`,
    );
    const force = `Bus ${no(5)} has exceptions; accept it with exceptions and a note.`;
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(5, '/accept'), { version: v }),
      422,
      'EXCEPTIONS_NEED_FORCE',
      force,
    );
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(5, '/accept'), { version: v, forced: true, note: 'ok' }),
      422,
      'EXCEPTIONS_NEED_FORCE',
      force,
    );
    const ok = await call(rig.ctx, rig.p.lead, 'POST', b(5, '/accept'), {
      version: v,
      forced: true,
      note: 'Agency agreed',
    });
    expect(ok.json<BusChange>()).toMatchObject({ state: 'accepted', acceptedWithExceptions: true });
    const locked = `Bus ${no(5)} is accepted; ask a supervisor to reopen it.`;
    for (const [token, method, tail, body] of [
      [rig.p.crew, 'PUT', '/items/cables_tied', { state: 'todo' }],
      [rig.p.crew, 'POST', '/block', { code: 'no_signal' }],
      [rig.p.crew, 'POST', '/unblock', {}],
      [rig.p.crew, 'POST', '/submit', {}],
      [rig.p.demo, 'POST', '/claim', {}],
      [rig.p.lead, 'PUT', '/items/sticker', { state: 'na', note: 'Not needed' }],
    ] as const)
      expectRefusal(await call(rig.ctx, token, method, b(5, tail), body), 409, 'BUS_ACCEPTED', locked);
    const assign = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
      busIds: [rig.bus[5]],
      userId: rig.p.demoId,
    });
    expectRefusal(assign, 409, 'BUS_ACCEPTED', locked);
    // A swap made outside the campaign leaves the frozen checklist alone; the board flags it.
    await queryRows(
      rig.ctx.deps.db,
      sql`update devices set vehicle_id = null where vehicle_id = ${vid(5)} and type = 'GPS'`,
    );
    const after = await detail(5);
    expect(after).toMatchObject({ state: 'accepted', changedAfterAcceptance: true });
    expect(after.frozen?.find((x) => x.key === 'gps_fitted')?.state).toBe('done');
  });

  it('reopens an accepted bus and rejects a ready one, each with a reason', async () => {
    const v5 = (await detail(5)).version;
    const reasonless = await call(rig.ctx, rig.p.lead, 'POST', b(5, '/reopen'), { version: v5 });
    expectRefusal(reasonless, 422, 'REASON_REQUIRED', 'A reason is required.');
    const reopened = await call(rig.ctx, rig.p.lead, 'POST', b(5, '/reopen'), {
      version: v5,
      reason: 'GPS swapped',
    });
    expect(reopened.json<BusChange>()).toMatchObject({
      state: 'in_progress',
      reworkCount: 1,
      reworkReason: 'GPS swapped',
    });
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(5, '/reopen'), { version: v5 + 1, reason: 'again' }),
      409,
      'BUS_NOT_ACCEPTED',
    );

    await call(rig.ctx, rig.p.crew, 'POST', b(6, '/claim'), {});
    await evidence(6);
    await call(rig.ctx, rig.p.crew, 'PUT', b(6, '/items/cables_tied'), { state: 'done' });
    const sent = (await call(rig.ctx, rig.p.crew, 'POST', b(6, '/submit'), {})).json<BusChange>();
    expect(sent.state).toBe('ready_for_review');
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(6, '/reject'), { version: sent.version, reason: '  ' }),
      422,
      'REASON_REQUIRED',
      'A reason is required.',
    );
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(6, '/reject'), {
        version: sent.version + 3,
        reason: 'Blurred',
      }),
      409,
      'BUS_CHANGED',
    );
    const rejected = await call(rig.ctx, rig.p.lead, 'POST', b(6, '/reject'), {
      version: sent.version,
      reason: 'Photo blurred',
    });
    expect(rejected.json<BusChange>()).toMatchObject({
      state: 'in_progress',
      reworkCount: 1,
      reworkReason: 'Photo blurred',
    });
    expectRefusal(
      await call(rig.ctx, rig.p.lead, 'POST', b(6, '/reject'), {
        version: sent.version + 1,
        reason: 'Again',
      }),
      409,
      'BUS_NOT_READY',
      `Bus ${no(6)} is not ready for review.`,
    );
  });

  it('accepts selected buses and skips, with the reason, those not ready, with exceptions or changed', async () => {
    const ready = async (i: number, exceptions?: Record<string, string>) => {
      await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/assign', {
        busIds: [rig.bus[i]],
        userId: rig.p.crewId,
      });
      if (!exceptions) await evidence(i);
      await call(rig.ctx, rig.p.crew, 'PUT', b(i, '/items/cables_tied'), { state: 'done' });
      return (
        await call(rig.ctx, rig.p.crew, 'POST', b(i, '/submit'), exceptions ? { exceptions } : {})
      ).json<BusChange>();
    };
    const good = await ready(7);
    const excepted = await ready(8, { connectivity: 'Later', after_photo: 'Later' });
    const stale = await ready(9);
    const res = await call(rig.ctx, rig.p.lead, 'POST', '/api/campaign-buses/accept', {
      items: [
        { busId: rig.bus[7], version: good.version },
        { busId: rig.bus[10], version: 1 },
        { busId: rig.bus[8], version: excepted.version },
        { busId: rig.bus[9], version: stale.version - 1 },
      ],
    });
    expect(res.json()).toEqual({
      accepted: [rig.bus[7]],
      skipped: [
        { busId: rig.bus[10], reason: `Bus ${no(10)} is not ready for review.` },
        { busId: rig.bus[8], reason: `Bus ${no(8)} has exceptions; review it on its own.` },
        { busId: rig.bus[9], reason: `Bus ${no(9)} changed since you opened it; review it again.` },
      ],
    });
    expect((await detail(7)).state).toBe('accepted');
  });
});
