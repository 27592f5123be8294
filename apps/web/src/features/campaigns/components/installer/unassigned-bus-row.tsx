import { CAMPAIGN_MESSAGES, type CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { cardClasses } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { OutboxEntry } from '../../../../lib/outbox/outbox.ts';
import { progressText } from '../../utils/bus-order.ts';
import { RefusalNote } from './refusal-note.tsx';

type UnassignedBusRowProps = {
  bus: CampaignBus;
  /** The server refused the claim just made here, in its words. */
  error: string | null;
  /** A claim of this bus the server refused when it was sent later. */
  refused: OutboxEntry | null;
  sending: boolean;
  onClaim: (bus: CampaignBus) => void;
};

/**
 * An unassigned bus, claimed in one tap ("Claim bus 1207"). Two people claiming it: one gets it, the
 * other reads the server's "Bus 1207 is assigned to Casey Crew." here.
 */
export function UnassignedBusRow({ bus, error, refused, sending, onClaim }: UnassignedBusRowProps) {
  return (
    <div className={cn(cardClasses, 'grid gap-2 p-3')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="text-lg font-bold">Bus {bus.fleetNumber}</span>
        <span className="font-semibold">{progressText(bus)}</span>
        <Button className="ml-auto" onClick={() => onClaim(bus)} disabled={sending}>
          {CAMPAIGN_MESSAGES.claim(bus.fleetNumber)}
        </Button>
      </div>
      {error !== null && (
        <p role="alert" className="font-semibold break-words text-destructive">
          {error}
        </p>
      )}
      {refused !== null && <RefusalNote entry={refused} />}
    </div>
  );
}
