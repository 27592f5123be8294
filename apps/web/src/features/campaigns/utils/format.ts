import { BLOCKER_LABELS, type CampaignSummary } from '@toolkit/contracts/campaigns.ts';

/** A time as the installer reads it: '27 Nov, 10:32' (24-hour clock). */
export { shortTime as formatWhen } from '../../../lib/words.ts';

/** "My buses 3 · Unassigned 41 · Done 212/300" (a supervisor's list has no mine nor unassigned). */
export function campaignCountsText(c: CampaignSummary): string {
  const parts = [
    ...(c.mine === undefined ? [] : [`My buses ${String(c.mine)}`]),
    ...(c.unassigned === undefined ? [] : [`Unassigned ${String(c.unassigned)}`]),
    `Done ${String(c.counts.accepted)}/${String(c.total)}`,
  ];
  return parts.join(' · ');
}

/** "Parts missing" or "Other: no bracket for the roof" (the note after the code's label). */
export const blockerText = (blocked: { code: keyof typeof BLOCKER_LABELS; note?: string | null }) =>
  blocked.note ? `${BLOCKER_LABELS[blocked.code]}: ${blocked.note}` : BLOCKER_LABELS[blocked.code];
