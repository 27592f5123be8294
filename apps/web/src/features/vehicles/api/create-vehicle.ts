import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehicleSchema, type CreateVehicleInput, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { isNetworkError } from '../../../lib/api-error.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { addOfflineVehicle, type OfflineVehicle } from '../../../lib/offline/vehicle-cache.ts';
import { offlineVehiclesQueryKey } from './get-offline-vehicles.ts';
import { vehiclesQueryKey } from './get-vehicles.ts';

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

export async function postVehicle(body: CreateVehicleInput, key: string): Promise<Vehicle> {
  const res = await apiRequest('POST', '/api/vehicles', body, key);
  return VehicleSchema.parse(await res.json());
}

/**
 * Creates the vehicle on the server; without a connection (or when the request gets no answer) it
 * is kept in the offline list with the same idempotency key and sent when the connection returns.
 */
export async function createVehicle(input: NewVehicle): Promise<CreateVehicleOutcome> {
  const localId = newIdempotencyKey('vehicle-create');
  const queue = async (): Promise<CreateVehicleOutcome> => {
    const vehicle: OfflineVehicle = { ...input, localId, createdAt: new Date().toISOString(), offline: true };
    await addOfflineVehicle(vehicle);
    return { kind: 'queued', vehicle };
  };
  if (!navigator.onLine) return queue();
  try {
    return { kind: 'created', vehicle: await postVehicle(createVehicleBody(input), localId) };
  } catch (error) {
    if (isNetworkError(error)) return queue();
    throw error;
  }
}

export function useCreateVehicle(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    // Runs offline too: the offline list is the answer there.
    networkMode: 'always',
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vehiclesQueryKey(clientId) }),
        queryClient.invalidateQueries({ queryKey: offlineVehiclesQueryKey(clientId) }),
      ]);
    },
  });
}
