import type { Campaign } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { LoadingState } from '../../../../components/feedback/loading-state.tsx';
import { LazyPart } from '../../../../components/feedback/lazy-part.tsx';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { useSupervisorCampaign } from '../../api/supervisor-get-campaign.ts';
import { useCampaignSummary } from '../../api/supervisor-get-summary.ts';
import { useAfterPaint } from '../../hooks/use-after-paint.ts';
import { StockBlock } from '../shipments/stock-block.tsx';
import { dayWords } from './board-labels.ts';
import { boardActions, boardLists } from './board-parts.ts';
import type { BusRef } from './bus-list.ts';
import { Dashboard } from './dashboard.tsx';

const busesLoading = <LoadingState label="Loading buses" rows={3} rowClassName="h-12" />;

/**
 * The dashboard first: the header, the figures and the stock paint as soon as the campaign and its
 * summary are in, whatever the campaign's size; the header's actions and the lists (a thousand
 * buses, their events) come in after, from chunks of their own, and are rendered only once the
 * figures have painted (or could not come), so they never hold them back.
 */
function Board({ campaign }: { campaign: Campaign }) {
  const [openBus, setOpenBus] = useState<BusRef | null>(null);
  const summary = useCampaignSummary(campaign.id);
  const rest = useAfterPaint(summary.data !== undefined || summary.fetchStatus !== 'fetching');
  const dates = [
    campaign.startsOn && `Starts ${dayWords(campaign.startsOn)}`,
    campaign.dueOn && `Due ${dayWords(campaign.dueOn)}`,
  ];
  return (
    <div className="grid gap-6">
      <PageHeader
        title={campaign.name}
        subtitle={[campaign.status === 'closed' ? 'Closed' : 'Active', ...dates].filter(Boolean).join(' · ')}
        actions={
          rest && (
            <LazyPart module={boardActions} what="the campaign's actions" fallback={null}>
              {(part) => <part.BoardActions campaign={campaign} />}
            </LazyPart>
          )
        }
        className="mb-0"
      />
      <Dashboard campaign={campaign} onOpenBus={setOpenBus} />
      <StockBlock campaignId={campaign.id} />
      {rest ? (
        <LazyPart module={boardLists} what="buses" fallback={busesLoading}>
          {(part) => (
            <part.BoardLists
              campaignId={campaign.id}
              openBus={openBus}
              onOpenBus={setOpenBus}
              onCloseBus={() => setOpenBus(null)}
            />
          )}
        </LazyPart>
      ) : (
        busesLoading
      )}
    </div>
  );
}

/** The supervisor's board of one campaign (wide screens): dashboard, buses, review, events, export. */
export function CampaignBoard({ campaignId }: { campaignId: number }) {
  const campaign = useSupervisorCampaign(campaignId);
  return (
    <div className="@container mx-auto grid w-full max-w-7xl gap-4">
      {campaign.data === undefined ? (
        <QueryState query={campaign} noun="the campaign" emptyText="" isEmpty={() => false}>
          {() => null}
        </QueryState>
      ) : (
        <Board campaign={campaign.data} />
      )}
    </div>
  );
}
