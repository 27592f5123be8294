import { z } from 'zod';
import { VEHICLE_MESSAGES } from '@toolkit/contracts/vehicles.ts';
import type { ProviderCreateVehicleInput, ProviderVehicle } from '../fleet-provider.ts';
import type { TraccarHttp } from './traccar-http.ts';
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
): Promise<ProviderVehicle> {
  const agencyId = Number(input.clientExternalId);
  const wanted = input.vehicleId.trim().toLowerCase();
  const groups = parseRows(
    TcGroupSchema,
    await http.json('/groups', z.unknown(), { query: { all: true } }),
    () => undefined,
  );
  const existing = groups.find((g) => g.groupId === agencyId && g.name.trim().toLowerCase() === wanted);
  if (existing) return toVehicle(existing, null);
  const created = await http.json('/groups', TcGroupSchema, {
    method: 'POST',
    json: {
      name: input.vehicleId,
      groupId: agencyId,
      attributes: withVehicleAttributes({}, { description: input.description }),
    },
    refusal: VEHICLE_MESSAGES.createFailed,
  });
  return toVehicle(created, null);
}
