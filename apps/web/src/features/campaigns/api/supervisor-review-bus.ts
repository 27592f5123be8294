import { useMutation } from '@tanstack/react-query';
import { campaignBusKey, campaignBusUrl, campaignKey } from './campaign-urls.ts';
import { supervisorWrite } from './supervisor-write.ts';

/** A review of one bus, with the version the supervisor opened. */
export type ReviewAction =
  | { kind: 'accept'; version: number }
  | { kind: 'force'; version: number; note: string }
  | { kind: 'reject'; version: number; reason: string }
  | { kind: 'reopen'; version: number; reason: string };

function request(action: ReviewAction): { path: string; body: unknown } {
  switch (action.kind) {
    case 'accept':
      return { path: 'accept', body: { version: action.version } };
    case 'force':
      return { path: 'accept', body: { version: action.version, forced: true, note: action.note } };
    case 'reject':
    case 'reopen':
      return { path: action.kind, body: { version: action.version, reason: action.reason } };
  }
}

/**
 * POST /api/campaign-buses/{busId}/accept, /reject or /reopen. A stale version answers 409
 * BUS_CHANGED, a bus with exceptions 422 EXCEPTIONS_NEED_FORCE: the form shows the server's words.
 */
export function reviewBus(campaignId: number, busId: number, action: ReviewAction) {
  const { path, body } = request(action);
  return supervisorWrite('POST', `${campaignBusUrl(busId)}/${path}`, body, `campaign-${action.kind}`, [
    campaignKey(campaignId),
    campaignBusKey(busId),
  ]);
}

export function useReviewBus(campaignId: number, busId: number) {
  return useMutation({ mutationFn: (action: ReviewAction) => reviewBus(campaignId, busId, action) });
}
