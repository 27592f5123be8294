import { BUS_FLAG_LABELS, BUS_STATE_LABELS, type CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge.tsx';
import { cardClasses } from '../../../../components/ui/card.tsx';
import { paths } from '../../../../config/paths.ts';
import { cn } from '../../../../lib/cn.ts';
import { isRework, progressText } from '../../utils/bus-order.ts';
import { blockerText } from '../../utils/format.ts';
import { WaitingMark } from './waiting-mark.tsx';

/** The state in words, with its flags (Rework, Blocked, Accepted with exceptions). */
export function BusStateBadges({ bus }: { bus: CampaignBus }) {
  return (
    <span className="flex flex-wrap gap-1">
      {isRework(bus) ? (
        <Badge tone="destructive">{BUS_FLAG_LABELS.rework}</Badge>
      ) : (
        <Badge tone={bus.state === 'accepted' ? 'success' : 'neutral'}>{BUS_STATE_LABELS[bus.state]}</Badge>
      )}
      {bus.blocked !== null && <Badge tone="warning">{BUS_FLAG_LABELS.blocked}</Badge>}
      {bus.acceptedWithExceptions && <Badge tone="warning">{BUS_FLAG_LABELS.acceptedWithExceptions}</Badge>}
    </span>
  );
}

/** One of my buses: fleet number, progress, state, blocker and the rework reason; opens its checklist. */
export function BusRow({ bus, waiting = false }: { bus: CampaignBus; waiting?: boolean }) {
  return (
    <Link
      to={paths.campaignBus(bus.campaignId, bus.id)}
      className={cn(
        cardClasses,
        'flex min-h-16 items-center gap-3 p-3 transition-colors hover:border-primary',
      )}
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-lg font-bold">Bus {bus.fleetNumber}</span>
          <span className="font-semibold">{progressText(bus)}</span>
          <BusStateBadges bus={bus} />
        </span>
        {bus.blocked !== null && (
          <span className="break-words text-foreground">Blocker: {blockerText(bus.blocked)}</span>
        )}
        {isRework(bus) && bus.reworkReason !== null && (
          <span className="font-semibold break-words text-destructive">{bus.reworkReason}</span>
        )}
        {waiting && <WaitingMark />}
      </span>
      <ChevronRight aria-hidden className="size-6 shrink-0 text-muted-foreground" />
    </Link>
  );
}
