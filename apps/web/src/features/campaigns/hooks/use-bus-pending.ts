import {
  BlockInputSchema,
  ClaimInputSchema,
  type BlockerCode,
  SetItemInputSchema,
  SubmitInputSchema,
  UnblockInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import { z } from 'zod';
import type { OutboxEntry } from '../../../lib/outbox/outbox.ts';
import { usePendingWrites } from '../../../lib/outbox/use-pending.ts';
import { BLOCK_WRITE } from '../api/block-bus.ts';
import { isAboutCampaign } from '../api/bus-writes.ts';
import { CLAIM_WRITE } from '../api/claim-bus.ts';
import { ITEM_WRITE, tickedKeyOf } from '../api/set-bus-item.ts';
import { SUBMIT_WRITE } from '../api/submit-bus.ts';
import { UNBLOCK_WRITE } from '../api/unblock-bus.ts';

const anyBody = () => true;

/** A kept blocker may name its photo by the photo's local id (negative) until the outbox sends it. */
const KeptBlockSchema = BlockInputSchema.extend({ photoId: z.number().int().nullish() });

/** A blocker reported (its code and note) or cleared (report null), as kept on this phone. */
export interface BlockerWrite {
  entry: OutboxEntry;
  report: { code: BlockerCode; note?: string | null | undefined } | null;
}
const about = (busId: number) => (w: { entry: OutboxEntry }) => w.entry.subject === busId;

/**
 * The outbox's writes about one bus still on this phone (read by kind, decision 044). A waiting
 * write is shown ahead of the server ("Waiting to sync"); a refused one is not applied (the local
 * change rolled back) and shows the server's words on what it was about.
 */
export function useBusPending(busId: number) {
  const ticks = usePendingWrites(ITEM_WRITE, SetItemInputSchema, anyBody).filter(about(busId));
  const blocks = usePendingWrites(BLOCK_WRITE, KeptBlockSchema, anyBody).filter(about(busId));
  const unblocks = usePendingWrites(UNBLOCK_WRITE, UnblockInputSchema, anyBody).filter(about(busId));
  const submits = usePendingWrites(SUBMIT_WRITE, SubmitInputSchema, anyBody).filter(about(busId));

  /** Each manual item's latest tick waiting to be sent, by item key. */
  const tickStates = new Map<string, 'done' | 'todo'>();
  /** Each item's latest kept tick (waiting or refused), by item key. */
  const tickEntries = new Map<string, OutboxEntry>();
  for (const { entry, body } of ticks) {
    const key = tickedKeyOf(entry.url);
    tickEntries.set(key, entry);
    // The latest tick decides: a refused one is not applied, whatever waited before it.
    if (entry.state === 'waiting' && body.state !== 'na') tickStates.set(key, body.state);
    else tickStates.delete(key);
  }
  // The latest blocker write decides what shows: a report, or the blocker cleared.
  // (report: null is the blocker cleared).
  const blockerWrites: BlockerWrite[] = [
    ...blocks.map(({ entry, body }) => ({ entry, report: body })),
    ...unblocks.map(({ entry }) => ({ entry, report: null })),
  ].sort((a, b) => a.entry.createdAt.localeCompare(b.entry.createdAt));
  const blocker = blockerWrites.at(-1) ?? null;
  return {
    tickStates,
    tickEntries,
    blocker,
    submit: submits.at(-1) ?? null,
  };
}

/**
 * The claims still on this phone, by the bus they are about (waiting: shown as mine; refused:
 * said), of one campaign when it is named.
 */
export function usePendingClaims(campaignId?: number): ReadonlyMap<number, OutboxEntry> {
  const claims = usePendingWrites(CLAIM_WRITE, ClaimInputSchema, anyBody);
  const bySubject = new Map<number, OutboxEntry>();
  for (const { entry } of claims)
    if (entry.subject !== undefined && (campaignId === undefined || isAboutCampaign(entry, campaignId)))
      bySubject.set(entry.subject, entry);
  return bySubject;
}
