import { useParams } from 'react-router';
import { BusChecklistScreen } from '../../features/campaigns/components/installer/bus-checklist-screen.tsx';

/** /campaigns/:campaignId/buses/:busId: the bus checklist. */
export function Component() {
  const { busId = '' } = useParams();
  const id = /^\d{1,9}$/.test(busId) ? Number(busId) : 0;
  return <BusChecklistScreen key={id} busId={id} />;
}
