import type { CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { normalizeVin } from '@toolkit/contracts/vin.ts';

/**
 * "Scan" on My buses (../shared/docs/campaigns.md): a scanned or typed label jumps to its bus.
 * A bus's VIN label (or its fleet number, typed) is found here, on the buses this phone keeps (the
 * installer's and the unassigned ones, so offline too). A unit's label names the bus it was
 * installed on through the shipment-unit lookup (GET /api/shipment-units/lookup, issue 35): that
 * lookup is given as `unitBus` and is not made here.
 */

/** The vehicle (vehicles.id) a unit's label is installed on, by the shipment-unit lookup; null if none. */
export type UnitBusLookup = (text: string) => Promise<number | null>;

/** No unit lookup: only VIN labels and fleet numbers are found. */
const noUnitLookup: UnitBusLookup = () => Promise.resolve(null);

/** The bus whose VIN (a leading Code 39 "I" ignored) or fleet number the text is, or null. */
export function busByLabel(text: string, buses: readonly CampaignBus[]): CampaignBus | null {
  const label = normalizeVin(text);
  if (label === '') return null;
  const vin = label.length === 18 && label.startsWith('I') ? label.slice(1) : label;
  return (
    buses.find((b) => b.vin !== null && normalizeVin(b.vin) === vin) ??
    buses.find((b) => b.fleetNumber.trim().toUpperCase() === text.trim().toUpperCase()) ??
    null
  );
}

/**
 * The bus a scanned or typed text names: by VIN or fleet number, else by the unit lookup (the
 * unit's bus among those kept here). Null when none of them matches.
 */
export async function busForScan(
  text: string,
  buses: readonly CampaignBus[],
  unitBus: UnitBusLookup = noUnitLookup,
): Promise<CampaignBus | null> {
  const found = busByLabel(text, buses);
  if (found !== null || text.trim() === '') return found;
  const vehicleId = await unitBus(text.trim());
  return vehicleId === null ? null : (buses.find((b) => b.vehicleId === vehicleId) ?? null);
}

/** Said when a scan or a typed label matches none of the buses kept here. */
export const noBusMatches = (text: string) => `No bus of yours or unassigned matches "${text.trim()}".`;
