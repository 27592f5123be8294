import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { paths } from '../../../../config/paths.ts';
import { ItemEvidence } from './item-evidence.tsx';
import { ItemStateBadge } from './item-state.tsx';

/** Where a derived item is made: the workspace (devices, tests) or the installation page (photos). */
function placeOf(item: BusItem, vehicleId: number): { to: string; where: string } {
  if (item.kind === 'photo') return { to: paths.installation(vehicleId), where: 'the photos' };
  return {
    to: paths.startInstallation(vehicleId),
    where: item.kind === 'test' ? 'the tests' : 'the devices',
  };
}

/**
 * An item that fills itself from the bus's devices, tests or photos: its state and evidence as the
 * server has them (never done from a write still on the phone), and "Go" to where it is made.
 */
export function DerivedItem({ item, vehicleId }: { item: BusItem; vehicleId: number }) {
  const place = placeOf(item, vehicleId);
  return (
    <div className="flex items-start gap-3 py-2">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{item.label}</span>
          {!item.required && <span className="text-sm text-muted-foreground">(optional)</span>}
          <ItemStateBadge state={item.state} />
        </p>
        <ItemEvidence item={item} />
      </div>
      <Link
        to={place.to}
        className={buttonClasses('outline')}
        aria-label={`Go to ${place.where} for ${item.label}`}
      >
        Go
      </Link>
    </div>
  );
}
