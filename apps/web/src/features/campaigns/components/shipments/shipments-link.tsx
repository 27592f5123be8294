import { PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { buttonClasses } from '../../../../components/ui/button.tsx';

/** The board's way to the campaign's Shipments (import, list, units), beside Export. */
export function ShipmentsLink({ campaignId }: { campaignId: number }) {
  return (
    <Link to={paths.campaignShipments(campaignId)} className={buttonClasses('outline')}>
      <PackageSearch aria-hidden className="size-5" /> Shipments
    </Link>
  );
}
