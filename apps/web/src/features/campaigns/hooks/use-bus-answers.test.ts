import { QueryClient } from '@tanstack/react-query';
import type { CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { currentEntries, onSent, subscribe } from '../../../lib/outbox/outbox.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import type { BusRef } from '../api/bus-writes.ts';
import { campaignBusQueryKey } from '../api/get-campaign-bus.ts';
import { setBusItem } from '../api/set-bus-item.ts';
import { unblockBus } from '../api/unblock-bus.ts';
import { CHECKLIST, LEE, makeCampaignBus, makeDetail } from '../test-fixtures.ts';
import { applyBusAnswer } from './use-bus-answers.ts';

const api = installFetchMock();
const bus: BusRef = { busId: 41, campaignId: 5, clientId: 3, fleetNumber: '1207' };
const blocked = {
  code: 'parts_missing' as const,
  note: 'No tablet bracket',
  by: LEE,
  at: '2026-11-27T09:00:00.000Z',
};
const detail = makeDetail(makeCampaignBus({ id: 41, fleetNumber: '1207', state: 'in_progress', blocked }), {
  items: [...CHECKLIST],
});

/** What the bus screen would draw at each change of the outbox: the kept detail, read then. */
function watch(queryClient: QueryClient) {
  const seen: { writes: number; detail: CampaignBusDetail | undefined }[] = [];
  const stops = [
    onSent((entry, answer) => applyBusAnswer(queryClient, entry, answer)),
    subscribe((entries) =>
      seen.push({ writes: entries.length, detail: queryClient.getQueryData(campaignBusQueryKey(41)) }),
    ),
  ];
  afterEach(() => stops.forEach((stop) => stop()));
  return seen;
}

describe('a bus write the server took', () => {
  it('shows the cleared blocker the moment the write leaves the phone, not the copy from before it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(campaignBusQueryKey(41), detail);
    const seen = watch(queryClient);
    api.on(
      'POST',
      '/api/campaign-buses/41/unblock',
      json({
        ...makeCampaignBus({ id: 41, fleetNumber: '1207', state: 'in_progress', version: 2 }),
        message: null,
      }),
    );
    const result = await unblockBus(bus);
    expect(result.status).toBe('sent');
    expect(currentEntries()).toEqual([]);
    // When the write stopped showing (no entry left), the kept bus already had no blocker.
    const gone = seen.find((s) => s.writes === 0);
    expect(gone?.detail?.blocked).toBeNull();
    expect(gone?.detail?.version).toBe(2);
    // What the answer does not carry is kept until the refresh brings it.
    expect(gone?.detail?.campaign.name).toBe('Winter retrofit');
  });

  it("keeps a tick's item ticked, and leaves another bus's copy alone", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(campaignBusQueryKey(41), detail);
    queryClient.setQueryData(campaignBusQueryKey(42), { ...detail, id: 42 });
    const seen = watch(queryClient);
    const manual = detail.items.find((item) => item.kind === 'manual');
    if (!manual) throw new Error('fixture: no manual item');
    api.on(
      'PUT',
      `/api/campaign-buses/41/items/${manual.key}`,
      json({
        ...makeCampaignBus({ id: 41, fleetNumber: '1207', state: 'in_progress', blocked, version: 3 }),
        message: null,
      }),
    );
    await setBusItem({ bus, key: manual.key, label: manual.label, state: 'todo', note: null });
    const gone = seen.find((s) => s.writes === 0);
    expect(gone?.detail?.items.find((item) => item.key === manual.key)?.state).toBe('todo');
    expect(gone?.detail?.version).toBe(3);
    expect(queryClient.getQueryData<CampaignBusDetail>(campaignBusQueryKey(42))?.version).toBe(1);
  });
});
