import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { SupportRequest } from '@toolkit/contracts/support.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

interface Res<T> {
  status: number;
  body: T;
}

describe('support requests', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let metro: Client;

  async function file(payload: object, token = demo): Promise<Res<SupportRequest & { message: string }>> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/support-requests',
      headers: bearer(token),
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  async function list(token = demo): Promise<SupportRequest[]> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/support-requests', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<SupportRequest[]>();
  }
  async function outbox(): Promise<string[]> {
    const dir = ctx.config.mailOutboxDir;
    const names = await readdir(dir).catch(() => []);
    return Promise.all(names.sort().map((n) => readFile(path.join(dir, n), 'utf8')));
  }

  beforeAll(async () => {
    ctx = await createTestContext({ SUPPORT_EMAIL: 'help@metro-transit.example' });
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const first = (await clientsOf(ctx, demo))[0];
    if (!first) throw new Error('demo has no agency');
    metro = first;
  });
  afterAll(() => ctx.close());

  it('refuses incomplete forms with the spec’s messages (§5)', async () => {
    const cases: [object, string][] = [
      [{ kind: 'add-vehicle', vehicleId: ' ', reason: 'New bus arrived today' }, 'Vehicle ID is required'],
      [{ kind: 'add-vehicle', vehicleId: 'BUS-9', reason: 'too short' }, 'Please provide a detailed reason'],
      [{ kind: 'request-access', accountId: '', reason: 'Need the account' }, 'Account ID is required'],
      [{ kind: 'support', subject: '', message: 'The app crashes' }, 'Subject is required'],
      [{ kind: 'support', subject: 'Crash', message: 'crashes' }, 'Please provide a detailed message'],
      [{ kind: 'client-access', clientName: '', reason: 'Installing tablets' }, 'Client name is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await file(payload);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    }
    expect(await list()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('stores a request, e-mails it to the support address and lists it as sent', async () => {
    const res = await file({
      kind: 'add-vehicle',
      clientId: metro.id,
      vehicleId: 'BUS-4711',
      reason: 'Delivered yesterday, not in the list yet',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'add-vehicle',
      clientId: metro.id,
      clientName: metro.fullName ?? metro.name,
      subject: 'BUS-4711',
      details: 'Delivered yesterday, not in the list yet',
      state: 'sent',
    });
    expect(res.body.sentAt).not.toBeNull();

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    expect(mail).toContain('To: help@metro-transit.example');
    expect(mail).toContain('Add Vehicle: BUS-4711');
    expect(mail).toContain('Vehicle ID: BUS-4711');
    expect(mail).toContain('Delivered yesterday, not in the list yet');
    expect(mail).toContain('(demo)');

    await file({ kind: 'support', subject: 'Scanner', message: 'The VIN scanner does not focus' });
    const mine = await list();
    expect(mine.map((r) => [r.kind, r.subject, r.state])).toEqual([
      ['support', 'Scanner', 'sent'],
      ['add-vehicle', 'BUS-4711', 'sent'],
    ]);
    expect(await outbox()).toHaveLength(2);
  });

  it('takes the access request of /clients, which names an agency the user does not have', async () => {
    const res = await file({
      kind: 'client-access',
      clientName: 'Lakeside Transit',
      reason: 'Installing tablets on their new buses',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'client-access', clientId: null, subject: 'Lakeside Transit' });
    expect((await outbox()).some((m) => m.includes('Access to New Client: Lakeside Transit'))).toBe(true);
  });

  it('answers 404 to a request about another agency, and never shows one user’s requests to another', async () => {
    const before = (await outbox()).length;
    const res = await file(
      { kind: 'request-access', clientId: metro.id, accountId: 'ACC-1', reason: 'Let me in, please' },
      rival,
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Client not found' });
    expect(await list(rival)).toEqual([]);
    expect((await outbox()).length).toBe(before);
    expect((await list()).every((r) => r.kind !== 'request-access')).toBe(true);
  });

  it('requires a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/support-requests' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
