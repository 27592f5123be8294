import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateVehicleResponseSchema, type UpdateVehicleResponse } from '@toolkit/contracts/vehicles.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { vehiclesQueryKey } from './get-vehicles.ts';

/** The body of §7 after the editor's schema: blanks already null. */
export interface VehicleUpdate {
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
}

export async function updateVehicle(id: number, update: VehicleUpdate): Promise<UpdateVehicleResponse> {
  const res = await apiRequest('PATCH', `/api/vehicles/${String(id)}`, update);
  return UpdateVehicleResponseSchema.parse(await res.json());
}

export function useUpdateVehicle(clientId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: VehicleUpdate) => updateVehicle(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey(clientId) }),
  });
}
