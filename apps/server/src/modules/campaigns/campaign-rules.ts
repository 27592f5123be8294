import { CAMPAIGN_CODES, CAMPAIGN_MESSAGES } from '@toolkit/contracts/campaigns.ts';
import { isSupervisor } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { lockBus, type LockedBus } from './campaign-buses.repository.ts';

/** The state rules every bus write checks (../shared/docs/campaigns.md, "States"). */

export const unprocessable = (code: string, message: string) => new AppError(422, code, message);
export const forbidden = (message: string) => new AppError(403, CAMPAIGN_CODES.notSupervisor, message);

/** Locks a bus of the user's agencies (another agency's answers 404) in an open campaign. */
export async function openBus(db: Db, user: AuthUser, busId: number): Promise<LockedBus> {
  const bus = await lockBus(db, busId);
  if (!bus || !user.clientIds.includes(bus.clientId)) throw notFound('Bus');
  if (bus.campaignStatus === 'closed')
    throw conflict(CAMPAIGN_MESSAGES.campaignClosed(bus.campaignName), CAMPAIGN_CODES.campaignClosed);
  return bus;
}

/** An accepted bus is locked: ask a supervisor to reopen it. */
export function assertNotAccepted(bus: LockedBus): void {
  if (bus.state === 'accepted')
    throw conflict(CAMPAIGN_MESSAGES.busAccepted(bus.fleetNumber), CAMPAIGN_CODES.busAccepted);
}

/**
 * May this person work the bus? A supervisor may work any bus; an installer their own, or an
 * unassigned one (which their write then claims: true), never someone else's (409).
 */
export function claimsByWorking(user: AuthUser, bus: LockedBus): boolean {
  assertNotAccepted(bus);
  if (isSupervisor(user)) return false;
  if (bus.assignee === null) return true;
  if (bus.assignee.id !== user.id)
    throw conflict(
      CAMPAIGN_MESSAGES.busAssigned(bus.fleetNumber, bus.assignee.name),
      CAMPAIGN_CODES.busAssigned,
    );
  return false;
}

/** The version the supervisor saw must be the bus's now. */
export function assertVersion(bus: LockedBus, version: number): void {
  if (bus.version !== version)
    throw conflict(CAMPAIGN_MESSAGES.busChanged(bus.fleetNumber), CAMPAIGN_CODES.busChanged);
}

export function assertReady(bus: LockedBus): void {
  assertNotAccepted(bus);
  if (bus.state !== 'ready_for_review')
    throw conflict(CAMPAIGN_MESSAGES.notReady(bus.fleetNumber), CAMPAIGN_CODES.notReady);
}

/** A reason that is not blank, or 422 REASON_REQUIRED. */
export function reasonOf(reason: string | null | undefined): string {
  const text = (reason ?? '').trim();
  if (text.length === 0) throw unprocessable(CAMPAIGN_CODES.reasonRequired, CAMPAIGN_MESSAGES.reasonRequired);
  return text;
}

/** A bus of the user's agencies, read without a lock (404 for another agency's). */
export async function visibleBus(db: Db, user: AuthUser, busId: number): Promise<LockedBus> {
  const bus = await lockBus(db, busId, false);
  if (!bus || !user.clientIds.includes(bus.clientId)) throw notFound('Bus');
  return bus;
}
