import { useMutation } from '@tanstack/react-query';
import { VehicleSchema, type CreateVehicleInput, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import type { OfflineVehicle } from '../utils/offline-vehicles.ts';
import { VEHICLES_URL } from './get-vehicle.ts';
import { submitWrite } from '../../../lib/outbox/submit.ts';
import { vehiclesQueryKey } from './get-vehicles.ts';

/** What a vehicle's create is, in the outbox (its kind). */
export const VEHICLE_CREATE_WRITE = 'vehicle-create';

export interface NewVehicle {
  vehicleId: string;
  description: string | null;
  clientId: number;
}

export type CreateVehicleOutcome =
  { kind: 'created'; vehicle: Vehicle } | { kind: 'queued'; vehicle: OfflineVehicle };

/** The body of §7: route null and status 'active' for a vehicle made here. */
export function createVehicleBody(
  vehicle: Pick<NewVehicle, 'vehicleId' | 'description' | 'clientId'>,
): CreateVehicleInput {
  return {
    vehicleId: vehicle.vehicleId,
    description: vehicle.description,
    clientId: vehicle.clientId,
    route: null,
    status: 'active',
  };
}

/**
 * Creates the vehicle through the outbox: kept on the phone first with its Idempotency-Key, then
 * sent; without a connection it waits there (and shows in the list as offline) until it can go.
 */
export async function createVehicle(input: NewVehicle): Promise<CreateVehicleOutcome> {
  const result = await submitWrite(
    {
      label: `Vehicle ${input.vehicleId} created`,
      method: 'POST',
      url: VEHICLES_URL,
      body: createVehicleBody(input),
      keyPrefix: VEHICLE_CREATE_WRITE,
      // Later writes may name it by its local id before the server has it (decision 043).
      creates: true,
      invalidate: [vehiclesQueryKey(input.clientId)],
    },
    (answer) => VehicleSchema.parse(answer),
  );
  if (result.status === 'sent') return { kind: 'created', vehicle: result.answer };
  return {
    kind: 'queued',
    vehicle: {
      ...input,
      localId: result.entry.idempotencyKey,
      createdAt: result.entry.createdAt,
      offline: true,
    },
  };
}

/** Created, the outbox refreshes the agency's list (decision 044). */
export function useCreateVehicle() {
  return useMutation({
    mutationFn: createVehicle,
    // Runs offline too: the outbox keeps it.
    networkMode: 'always',
  });
}
