import { useQueryClient } from '@tanstack/react-query';
import type { CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { useEffect, useState } from 'react';
import { readableError } from '../../../lib/api-error.ts';
import type { OutboxEntry } from '../../../lib/outbox/outbox.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { campaignBusQueryOptions } from '../api/get-campaign-bus.ts';
import type { BusRef } from '../api/bus-writes.ts';
import { useClaimBus } from '../api/claim-bus.ts';
import { useMyBuses } from '../api/get-my-buses.ts';
import { sayBusChange } from '../utils/bus-change.ts';
import { matchesFleetNumber, orderMyBuses, byFleetNumber } from '../utils/bus-order.ts';
import { usePendingClaims } from './use-bus-pending.ts';

/** At most this many of my buses' checklists are fetched ahead, to open without signal. */
const PREFETCH_CHECKLISTS = 20;

export interface MineRow {
  bus: CampaignBus;
  /** Claimed on this phone, not yet on the server. */
  waiting: boolean;
}

/**
 * My buses as the screen shows them: the server's list, with the claims this phone made shown
 * ahead of it (a claim the server took, until the list is read again; a claim waiting to be sent,
 * marked so). A refused claim is not applied: the bus stays unassigned, with the server's words.
 */
export function useMyBusesView(campaignId: number, clientId: number, search: string) {
  const buses = useMyBuses(campaignId);
  const claims = usePendingClaims(campaignId);
  const claim = useClaimBus();
  const [claimed, setClaimed] = useState<ReadonlyMap<number, CampaignBus>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const all = buses.data ?? [];
  // A claim being sent now stays on its row (its answer, or the refusal, comes in a moment).
  const sending = claim.isPending ? claim.variables.busId : null;
  const takenHere = (bus: CampaignBus) =>
    claimed.has(bus.id) || (bus.id !== sending && claims.get(bus.id)?.state === 'waiting');

  const mine: MineRow[] = orderMyBuses(
    all
      .filter((b) => b.assignee !== null || takenHere(b))
      .map((b) => (b.assignee === null ? (claimed.get(b.id) ?? b) : b)),
  ).map((bus) => ({ bus, waiting: claims.get(bus.id)?.state === 'waiting' }));
  const unassigned = all
    .filter((b) => b.assignee === null && !takenHere(b))
    .sort(byFleetNumber)
    .map((bus) => ({
      bus,
      refused: refusedClaim(claims.get(bus.id)),
      error: errors.get(bus.id) ?? null,
      sending: bus.id === sending,
    }));

  const onClaim = (bus: CampaignBus) => {
    const ref: BusRef = { busId: bus.id, campaignId, clientId, fleetNumber: bus.fleetNumber };
    const settle = (error: string | null) =>
      setErrors((m) => {
        const next = new Map(m);
        if (error === null) next.delete(bus.id);
        else next.set(bus.id, error);
        return next;
      });
    settle(null);
    claim.mutateAsync(ref).then(
      (result) => {
        sayBusChange(result);
        if (result.status === 'sent') setClaimed((m) => new Map(m).set(bus.id, result.answer ?? bus));
      },
      (error: unknown) => settle(readableError(error)),
    );
  };

  // A claim refused for a bus no longer unassigned (the list, read again, has it no more): still said.
  const listed = new Set(unassigned.map((u) => u.bus.id));
  const lost = {
    errors: [...errors].filter(([id]) => !listed.has(id)).map(([, message]) => message),
    refused: [...claims.values()].filter((e) => e.state !== 'waiting' && !listed.has(e.subject ?? 0)),
  };

  usePrefetchChecklists(buses.data === undefined ? [] : mine.map((m) => m.bus.id));
  return {
    buses,
    mine: mine.filter((m) => matchesFleetNumber(m.bus, search)),
    unassigned: unassigned.filter((u) => matchesFleetNumber(u.bus, search)),
    onClaim,
    lost,
  };
}

const refusedClaim = (entry: OutboxEntry | undefined) =>
  entry !== undefined && entry.state !== 'waiting' ? entry : null;

/** With signal, my buses' checklists are read ahead and kept: each opens later without signal. */
function usePrefetchChecklists(busIds: readonly number[]) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const ids = busIds.slice(0, PREFETCH_CHECKLISTS).join(',');
  useEffect(() => {
    if (!online || ids === '') return;
    for (const id of ids.split(','))
      queryClient.query(campaignBusQueryOptions(Number(id))).catch(() => undefined);
  }, [ids, online, queryClient]);
}
