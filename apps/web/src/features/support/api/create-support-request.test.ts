import { describe, expect, it } from 'vitest';
import { installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { flush, pendingEntries } from '../../../lib/outbox/outbox.ts';
import { createSupportRequest } from './create-support-request.ts';
import { requestAccess } from './request-access.ts';

const api = installFetchMock();

describe('support and access requests without signal', () => {
  it('are kept in the outbox with an Idempotency-Key and sent, once, under it when the signal returns', async () => {
    api.on('POST', '/api/support-requests', networkError());
    const support = await createSupportRequest({
      kind: 'support',
      subject: 'Tablet frozen',
      message: 'The tablet on bus 12 does not start.',
    });
    const access = await requestAccess({ clientName: 'Metro Transit', reason: 'New contract starts Monday' });
    expect([support.status, access.status]).toEqual(['queued', 'queued']);
    const kept = await pendingEntries();
    expect(kept.map((e) => e.label)).toEqual([
      'Support request: Tablet frozen',
      'Access to New Client request: Metro Transit',
    ]);
    const keys = kept.map((e) => e.idempotencyKey);

    const answer = {
      id: 1,
      kind: 'support',
      state: 'sent',
      clientId: null,
      summary: 'Tablet frozen',
      createdAt: '2026-11-26T10:00:00.000Z',
    };
    api.on('POST', '/api/support-requests', json(answer, 201));
    // The backoff after the failed try is over.
    expect(await flush(() => Number.MAX_SAFE_INTEGER)).toEqual([]);
    const sent = api.calls.filter((c) => c.method === 'POST').slice(-2);
    expect(sent.map((c) => c.headers['Idempotency-Key'])).toEqual(keys);
  });
});
