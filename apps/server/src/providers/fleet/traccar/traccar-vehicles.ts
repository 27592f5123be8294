import { z } from 'zod';
import { VEHICLE_MESSAGES } from '@toolkit/contracts/vehicles.ts';
import type { ProviderCreateVehicleInput, ProviderVehicle } from '../fleet-provider.ts';
import type { TraccarHttp } from './traccar-http.ts';
import { groupLayout } from './traccar-layout.ts';
import { toVehicle, withVehicleAttributes } from './traccar-mapping.ts';
import { TcGroupSchema, parseRows } from './traccar-schemas.ts';

/**
 * A vehicle made in the toolkit becomes a group inside its agency's group: its name is the fleet
 * number, the description an attribute. One of that name already there (a repeated push, or one
 * made in Traccar meanwhile) is that vehicle: never a second group of the same name.
 */
export async function createVehicleGroup(
  http: TraccarHttp,
  input: ProviderCreateVehicleInput,
  /** The user's own token: the group is theirs (Traccar links it to them and logs them). */
  bearer: string,
  /** The agencies' parent group (TRACCAR_AGENCY_PARENT): buses are found as the layout reads them. */
  agencyParent = 0,
): Promise<ProviderVehicle> {
  const agencyId = Number(input.clientExternalId);
  const wanted = input.vehicleId.trim().toLowerCase();
  const groups = parseRows(
    TcGroupSchema,
    await http.json('/groups', z.unknown(), { query: { all: true } }),
    () => undefined,
  );
  // Any bus of the agency (inside a not-a-bus group too), as the layout reads the tree.
  const buses = groupLayout(groups, agencyParent).buses.get(agencyId) ?? [];
  const existing = buses.find((g) => g.name.trim().toLowerCase() === wanted);
  if (existing) return toVehicle(existing, null, agencyId);
  const created = await http.json('/groups', TcGroupSchema, {
    method: 'POST',
    bearer,
    json: {
      name: input.vehicleId,
      groupId: agencyId,
      attributes: withVehicleAttributes({}, { description: input.description }),
    },
    refusal: VEHICLE_MESSAGES.createFailed,
  });
  return toVehicle(created, null);
}
