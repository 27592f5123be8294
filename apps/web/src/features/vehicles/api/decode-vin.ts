import { useMutation } from '@tanstack/react-query';
import { VinDecodeResultSchema, type VinDecodeResult } from '@toolkit/contracts/vin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/vin/:vin: the server asks vPIC, or decodes offline when it cannot be reached. */
export async function decodeVin(vin: string): Promise<VinDecodeResult> {
  const res = await apiRequest('GET', `/api/vin/${encodeURIComponent(vin)}`);
  return VinDecodeResultSchema.parse(await res.json());
}

export function useDecodeVin() {
  return useMutation({ mutationFn: decodeVin });
}
