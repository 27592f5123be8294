import type { QueryClient } from '@tanstack/react-query';
import { lazyModule } from '../../../../lib/lazy-module.ts';
import { shipmentStockQueryOptions } from '../../api/shipment-stock.ts';
import { supervisorCampaignQueryOptions } from '../../api/supervisor-get-campaign.ts';
import { campaignSummaryQueryOptions } from '../../api/supervisor-get-summary.ts';

/** The board's first chunk: its header, dashboard and stock (campaign-board.tsx). */
export const campaignBoard = lazyModule(() => import('./campaign-board.tsx'));

/**
 * What the first chunk imports beyond what the route has loaded already (chunks it shares with the
 * lists and the shipments screen): asked for with it, not once it has arrived and been read (a
 * dynamic import preloads nothing by itself, decision 031), which costs the dashboard a round trip.
 */
const firstChunkImports = () => [
  import('./board-labels.ts'),
  import('../shipments/stock-block.tsx'),
  import('../../hooks/use-after-paint.ts'),
  import('../../../../lib/words.ts'),
];

const warn = (error: unknown) => console.warn('Could not load part of the board', error);
const ignore = () => undefined;

/**
 * What the supervisor's board shows first, asked for all at once as the route opens rather than
 * one after the other as its pieces render: the campaign, its summary and its stock (three small
 * answers, before the bus and event lists), and the code of the board's first chunk. Nothing is
 * awaited; a request that fails is asked again by the screen.
 */
export function preloadBoard(queryClient: QueryClient, campaignId: number): void {
  // The first chunk is asked for before the data (files the server sends at once, not behind the
  // summary it counts). The parts' larger code is not: it loads once the figures have painted
  // (campaign-board.tsx), so that compiling its forty files does not hold the figures back.
  const first = campaignBoard.load();
  for (const module of firstChunkImports()) module.catch(warn);
  queryClient.query(supervisorCampaignQueryOptions(campaignId)).catch(ignore);
  queryClient.query(campaignSummaryQueryOptions(campaignId)).catch(ignore);
  queryClient.query(shipmentStockQueryOptions(campaignId)).catch(ignore);
  first.catch(warn);
}
