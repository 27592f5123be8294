/** A device on another vehicle, named by that vehicle's id as shown (§4 reassign). */
type Move = { deviceId: string; from: string };

/** The title of the question asked before a device leaves another vehicle (§4: needs confirmation). */
export const REASSIGN_TITLE = 'Reassign Device?';

/**
 * The question asked before devices on other vehicles are moved to `to`, naming each device's
 * current vehicle: Overview, Devices, Vehicles and the workspace ask it in these words.
 */
export function reassignQuestion(moves: readonly Move[], to: string): string {
  const where = moves.map((m) => `${m.deviceId} is assigned to vehicle ${m.from}.`).join(' ');
  return `${where} Move ${moves.length === 1 ? 'it' : 'them'} to vehicle ${to}?`;
}
