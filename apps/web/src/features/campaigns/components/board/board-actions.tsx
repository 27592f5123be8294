import type { Campaign } from '@toolkit/contracts/campaigns.ts';
import { useMemo } from 'react';
import { useSupervisorBuses } from '../../api/supervisor-get-buses.ts';
import { ShipmentsLink } from '../shipments/shipments-link.tsx';
import { AddBusesButton } from './add-buses-dialog.tsx';
import { CampaignStatusButton, EditCampaignButton } from './campaign-settings.tsx';
import { ExportButton } from './export-button.tsx';

/**
 * The board header's actions: add buses, export, edit, close or reopen, shipments. Their dialogs
 * and forms are a chunk of their own, not on the dashboard's way.
 */
export function BoardActions({ campaign }: { campaign: Campaign }) {
  // The buses as the board's lists read them (this only looks: the lists ask for them).
  const buses = useSupervisorBuses(campaign.id, { enabled: false });
  const onBoard = useMemo(
    () => (buses.data ? new Set(buses.data.map((b) => b.vehicleId)) : null),
    [buses.data],
  );
  return (
    <>
      <AddBusesButton campaignId={campaign.id} clientId={campaign.clientId} onBoard={onBoard} />
      <ExportButton campaignId={campaign.id} />
      <EditCampaignButton campaign={campaign} />
      <CampaignStatusButton campaign={campaign} />
      <ShipmentsLink campaignId={campaign.id} />
    </>
  );
}
