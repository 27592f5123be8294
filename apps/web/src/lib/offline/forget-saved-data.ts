import { clearSavedCopies } from './saved-copies.ts';
import { clearLegacyVehicleLists } from './legacy-vehicle-lists.ts';

/**
 * Logout (§4): the lists kept on this phone go (the saved copies of the queries and the vehicle
 * lists of an earlier version), so that a shared tablet never shows the last user's fleet. The
 * query cache in memory is cleared by the caller; the outbox is not touched here.
 */
export async function forgetSavedData(): Promise<void> {
  await Promise.all([clearSavedCopies(), clearLegacyVehicleLists()]);
}
