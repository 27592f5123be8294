import type { Campaign } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { Card, CardTitle } from '../../../../components/ui/card.tsx';
import { useCurrentUser } from '../../../auth/index.ts';
import { useShipments } from '../../../shipments/index.ts';
import { useSupervisorCampaign } from '../../api/supervisor-get-campaign.ts';
import { ShipmentImportForm } from './shipment-import.tsx';
import { ShipmentList } from './shipment-list.tsx';
import { ShipmentUnits } from './shipment-units.tsx';
import { StockBlock } from './stock-block.tsx';

function Shipments({ campaign, supervisor }: { campaign: Campaign; supervisor: boolean }) {
  const shipments = useShipments(campaign.clientId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = shipments.data?.find((s) => s.id === chosenId) ?? shipments.data?.[0] ?? null;
  return (
    <div className="grid gap-4">
      <PageHeader title="Shipments" subtitle={campaign.name} className="mb-0" />
      {supervisor && (
        <Card className="grid gap-3">
          <CardTitle>Import a shipment</CardTitle>
          <ShipmentImportForm clientId={campaign.clientId} campaignId={campaign.id} />
        </Card>
      )}
      <StockBlock campaignId={campaign.id} />
      <div className="grid gap-4 @4xl:grid-cols-[minmax(16rem,1fr)_3fr]">
        <Card className="grid content-start gap-3">
          <CardTitle>Shipments of the agency</CardTitle>
          <QueryState
            query={shipments}
            noun="shipments"
            emptyText="No shipments imported yet."
            isEmpty={(d) => d.length === 0}
          >
            {(list) => (
              <ShipmentList
                shipments={list}
                campaignId={campaign.id}
                chosen={chosen?.id ?? null}
                onChoose={setChosenId}
              />
            )}
          </QueryState>
        </Card>
        {chosen && (
          <Card className="min-w-0">
            <ShipmentUnits
              key={chosen.id}
              shipmentId={chosen.id}
              reference={chosen.reference}
              campaignId={campaign.id}
              canChange={supervisor}
            />
          </Card>
        )}
      </div>
    </div>
  );
}

/**
 * A campaign's Shipments (issue 35; the board links here): import a packing list with its preview,
 * the agency's shipments, each one's units with status and bus, and a unit's status changed with a
 * note. Made for wide screens (1024 px and up), usable at 768.
 */
export function ShipmentsScreen({ campaignId }: { campaignId: number }) {
  const campaign = useSupervisorCampaign(campaignId);
  const user = useCurrentUser();
  const supervisor = user?.role === 'supervisor' || user?.role === 'admin';
  return (
    <div className="@container mx-auto grid w-full max-w-7xl gap-4">
      <QueryState query={campaign} noun="the campaign" emptyText="" isEmpty={() => false}>
        {(data) => <Shipments campaign={data} supervisor={supervisor} />}
      </QueryState>
    </div>
  );
}
