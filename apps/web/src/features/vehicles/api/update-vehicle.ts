import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UpdateVehicleResponseSchema,
  type UpdateVehicleResponse,
  type Vehicle,
} from '@toolkit/contracts/vehicles.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { VEHICLES_URL } from './get-vehicle.ts';
import { vehiclesQueryKey } from './get-vehicles.ts';

/** What a Vehicle Info edit is, in the outbox (its kind). */
export const VEHICLE_EDIT_WRITE = 'vehicle-edit';

/** The body of §7 after the editor's schema: blanks already null. */
export interface VehicleUpdate {
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
}

/**
 * PATCH /api/vehicles/{id} through the outbox. A vehicle made without signal is named by its local
 * id: the outbox holds the edit until its create went, then sends it to the server's id (decision 043).
 */
export function updateVehicle(
  clientId: number,
  vehicle: { id: number; vehicleId: string },
  update: VehicleUpdate,
): Promise<Submitted<UpdateVehicleResponse>> {
  return submitWrite(
    {
      label: `Vehicle ${vehicle.vehicleId} edited`,
      method: 'PATCH',
      url: `${VEHICLES_URL}/${String(vehicle.id)}`,
      body: update,
      keyPrefix: VEHICLE_EDIT_WRITE,
      subject: vehicle.id,
      invalidate: [vehiclesQueryKey(clientId)],
    },
    (answer) => UpdateVehicleResponseSchema.parse(answer),
  );
}

export function useUpdateVehicle(clientId: number, vehicle: { id: number; vehicleId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: VehicleUpdate) => updateVehicle(clientId, vehicle, update),
    networkMode: 'always',
    onSuccess: (result, update) => {
      // Sent: the outbox refreshed the list (decision 044). Kept for later: the list shows the
      // change now (the outbox refreshes it when the server has it or refuses it; a vehicle still
      // waiting for its create shows it from the outbox: offlineVehiclesIn).
      if (result.status === 'sent') return;
      queryClient.setQueryData(vehiclesQueryKey(clientId), (list: Vehicle[] | undefined) =>
        list?.map((v) => (v.id === vehicle.id ? { ...v, ...update } : v)),
      );
    },
  });
}
