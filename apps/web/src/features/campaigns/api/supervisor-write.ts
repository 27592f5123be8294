import type { QueryKey } from '@tanstack/react-query';
import { apiRequest, type HttpMethod } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { campaignsQueryKey } from './get-campaigns.ts';

/** Every agency's campaign list (their counts follow any board write): the lists' key prefix. */
const CAMPAIGN_LISTS = [campaignsQueryKey(0)[0]] as const;

/**
 * A supervisor's write: online only (the design: accept, reject, import, export "need a
 * connection"), never kept in the outbox, sent once with its own Idempotency-Key. What it changes
 * is refreshed through the outbox's one refresh (decision 044), whether the server took it or
 * refused it (a refusal such as BUS_CHANGED means the screen is behind).
 */
export async function supervisorWrite(
  method: HttpMethod,
  url: string,
  body: unknown,
  kind: string,
  changes: readonly QueryKey[],
): Promise<unknown> {
  try {
    const res = await apiRequest(method, url, body, newIdempotencyKey(kind));
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } finally {
    refreshKeys([...changes, CAMPAIGN_LISTS]);
  }
}
