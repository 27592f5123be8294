import type { QueryClient } from '@tanstack/react-query';
import type { ScanInput } from '../api/find-scanned-code.ts';
import type { ScanVerdict } from './unit-match.ts';

/**
 * The unit scan for the assignment list (issue 35): its code (the lookup, the label's candidates,
 * the shipment contracts) loads when a code first misses the agency's devices, not with the
 * workspace.
 */
export async function findScannedCode(queryClient: QueryClient, input: ScanInput): Promise<ScanVerdict> {
  const scan = await import('../api/find-scanned-code.ts');
  return scan.findScannedCode(queryClient, input);
}

/** The vehicle a scanned label's unit is on (My buses' "Scan"); loaded on the first scan that misses. */
export async function unitVehicleOf(
  queryClient: QueryClient,
  clientId: number,
  text: string,
  online: boolean,
): Promise<number | null> {
  const scan = await import('../api/find-scanned-code.ts');
  return scan.unitVehicleOf(queryClient, clientId, text, online);
}

export type { ScanInput, ScanVerdict };
