import type { Campaign, CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { SavedCopyNotice } from '../../../../components/feedback/saved-copy-notice.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { Card, CardTitle } from '../../../../components/ui/card.tsx';
import { useSupervisorBuses } from '../../api/supervisor-get-buses.ts';
import { useSupervisorCampaign } from '../../api/supervisor-get-campaign.ts';
import { useSupervisorEvents } from '../../api/supervisor-get-events.ts';
import { AddBusesButton } from './add-buses-dialog.tsx';
import { dayWords } from './board-labels.ts';
import { BusBoard } from './bus-board.tsx';
import { CampaignStatusButton, EditCampaignButton } from './campaign-settings.tsx';
import { Dashboard } from './dashboard.tsx';
import { EventsList } from './events-list.tsx';
import { ExportButton } from './export-button.tsx';
import { ReviewDrawer } from './review-drawer.tsx';
import { ShipmentsLink } from '../shipments/shipments-link.tsx';
import { StockBlock } from '../shipments/stock-block.tsx';

function Board({ campaign, buses }: { campaign: Campaign; buses: readonly CampaignBus[] }) {
  const events = useSupervisorEvents(campaign.id);
  const [openBusId, setOpenBusId] = useState<number | null>(null);
  const onBoard = useMemo(() => new Set(buses.map((b) => b.vehicleId)), [buses]);
  const openBus = buses.find((b) => b.id === openBusId);
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
          <>
            <AddBusesButton campaignId={campaign.id} clientId={campaign.clientId} onBoard={onBoard} />
            <ExportButton campaignId={campaign.id} />
            <EditCampaignButton campaign={campaign} />
            <CampaignStatusButton campaign={campaign} />
            <ShipmentsLink campaignId={campaign.id} />
          </>
        }
        className="mb-0"
      />
      <Dashboard campaign={campaign} onOpenBus={setOpenBusId} />
      <StockBlock campaignId={campaign.id} />
      <BusBoard campaignId={campaign.id} buses={buses} onOpenBus={setOpenBusId} />
      <Card>
        <CardTitle>Events</CardTitle>
        <div className="mt-2">
          <QueryState query={events} noun="events" emptyText="No events yet." isEmpty={(d) => d.length === 0}>
            {(data) => <EventsList events={data} buses={buses} />}
          </QueryState>
        </div>
      </Card>
      {openBus && (
        <ReviewDrawer
          busId={openBus.id}
          fleetNumber={openBus.fleetNumber}
          onClose={() => setOpenBusId(null)}
        />
      )}
    </div>
  );
}

/** The supervisor's board of one campaign (wide screens): dashboard, buses, review, events, export. */
export function CampaignBoard({ campaignId }: { campaignId: number }) {
  const campaign = useSupervisorCampaign(campaignId);
  const buses = useSupervisorBuses(campaignId);
  let body;
  if (campaign.data === undefined) {
    body = (
      <QueryState query={campaign} noun="the campaign" emptyText="" isEmpty={() => false}>
        {() => null}
      </QueryState>
    );
  } else if (buses.data === undefined) {
    body = (
      <QueryState query={buses} noun="buses" emptyText="" isEmpty={() => false}>
        {() => null}
      </QueryState>
    );
  } else {
    // One notice for the board's last good copy (its buses, read with the campaign).
    body = (
      <>
        <SavedCopyNotice query={buses} what="buses" className="mb-0" />
        <Board campaign={campaign.data} buses={buses.data} />
      </>
    );
  }
  return <div className="@container mx-auto grid w-full max-w-7xl gap-4">{body}</div>;
}
