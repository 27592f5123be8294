import { CAMPAIGN_MESSAGES, type CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { usePendingClaims } from './use-bus-pending.ts';

/**
 * Whether this user may work the bus here, and why not: an accepted bus is locked; an installer
 * works only a bus assigned to them (or claimed on this phone), a supervisor or admin any bus.
 * `claimable`: unassigned, to claim first.
 */
export function useBusAccess(bus: CampaignBus) {
  const user = useCurrentUser();
  const claim = usePendingClaims().get(bus.id);
  const claimedHere = claim?.state === 'waiting';
  const lead = user?.role === 'supervisor' || user?.role === 'admin';
  const mine = claimedHere || (bus.assignee !== null && bus.assignee.id === user?.id);
  const reason =
    bus.state === 'accepted'
      ? CAMPAIGN_MESSAGES.busAccepted(bus.fleetNumber)
      : bus.assignee !== null && !mine && !lead
        ? CAMPAIGN_MESSAGES.busAssigned(bus.fleetNumber, bus.assignee.name)
        : null;
  const claimable = bus.state !== 'accepted' && bus.assignee === null && !claimedHere && !lead;
  return { locked: reason !== null || claimable, reason, claimable, claim, claimedHere };
}
