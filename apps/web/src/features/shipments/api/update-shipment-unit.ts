import { useMutation, type QueryKey } from '@tanstack/react-query';
import { ShipmentUnitSchema, type UpdateShipmentUnitInput } from '@toolkit/contracts/shipments.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { SHIPMENTS_KEY, SHIPMENT_UNITS_KEY, shipmentUnitUrl } from './shipment-urls.ts';

/**
 * PATCH /api/shipment-units/{id} `{status, note}` (supervisor): a unit marked faulty, returned or
 * back in stock. Online only, sent once under its own Idempotency-Key; the shipments, the unit
 * index and `changes` (the campaign's stock) are refreshed whether the server took it or not.
 */
export async function updateShipmentUnit(
  unitId: number,
  input: UpdateShipmentUnitInput,
  changes: readonly QueryKey[] = [],
) {
  try {
    const res = await apiRequest('PATCH', shipmentUnitUrl(unitId), input, newIdempotencyKey('shipment-unit'));
    return ShipmentUnitSchema.parse(await res.json());
  } finally {
    refreshKeys([SHIPMENTS_KEY, SHIPMENT_UNITS_KEY, ...changes]);
  }
}

export function useUpdateShipmentUnit(changes: readonly QueryKey[] = []) {
  return useMutation({
    mutationFn: ({ unitId, input }: { unitId: number; input: UpdateShipmentUnitInput }) =>
      updateShipmentUnit(unitId, input, changes),
  });
}
