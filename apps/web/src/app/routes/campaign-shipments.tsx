import { useParams } from 'react-router';
import { ShipmentsScreen } from '../../features/campaigns/components/shipments/shipments-screen.tsx';

/** /campaigns/:campaignId/shipments: the campaign's shipments (import, list, units). */
export function Component() {
  const { campaignId = '' } = useParams();
  const id = /^\d{1,9}$/.test(campaignId) ? Number(campaignId) : 0;
  return <ShipmentsScreen key={id} campaignId={id} />;
}
