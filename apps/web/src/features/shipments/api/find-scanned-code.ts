import type { QueryClient } from '@tanstack/react-query';
import type { Device } from '@toolkit/contracts/devices.ts';
import { unitCodeCandidates } from '@toolkit/contracts/unit-codes.ts';
import { isNetworkError } from '../../../lib/api-error.ts';
import { findInIndex, findSavedDevice, scanVerdict, type ScanVerdict } from '../utils/unit-match.ts';
import { unitIndexQueryOptions } from './get-unit-index.ts';
import { isLookupCode, lookUpUnit } from './look-up-unit.ts';

export type ScanInput = {
  clientId: number;
  /** What was scanned or typed: a label's whole text, or one code. */
  text: string;
  /** Whether to ask the server (else the phone's saved copies answer). */
  online: boolean;
  /** The agency's devices as this phone last saw them, for a scan without signal. */
  savedDevices: readonly Device[];
};

/** Without signal: the saved devices first, then the saved unit index (the design's "Offline"). */
function findSaved(queryClient: QueryClient, input: ScanInput, candidates: string[]): ScanVerdict {
  const device = findSavedDevice(input.savedDevices, candidates);
  if (device) return { kind: 'device', device };
  const index = queryClient.getQueryData(unitIndexQueryOptions(input.clientId).queryKey);
  const unit = findInIndex(index?.items ?? [], candidates);
  const deviceId = unit?.deviceId ?? null;
  const unitDevice =
    deviceId === null ? null : (input.savedDevices.find((d) => d.deviceId === deviceId) ?? null);
  return scanVerdict(input.text, unit ? { unit, device: unitDevice, installedOn: null } : null);
}

/**
 * A scanned or typed code looked up for the assignment list, after the agency's device lookup by
 * the whole text found nothing: each of the label's candidates (unit-codes.ts) in turn through the
 * lookup, the first that matches a unit or a device deciding; without signal (or when the request
 * cannot be made), on the phone's saved copies.
 */
export async function findScannedCode(queryClient: QueryClient, input: ScanInput): Promise<ScanVerdict> {
  const candidates = unitCodeCandidates(input.text);
  if (!input.online) return findSaved(queryClient, input, candidates);
  try {
    for (const code of candidates.filter(isLookupCode)) {
      const found = await lookUpUnit(queryClient, input.clientId, code);
      if (found && (found.unit !== null || found.device !== undefined))
        return scanVerdict(input.text, {
          unit: found.unit,
          device: found.device ?? null,
          installedOn: found.installedOn ?? null,
        });
    }
    return scanVerdict(input.text, null);
  } catch (error) {
    if (isNetworkError(error)) return findSaved(queryClient, input, candidates);
    throw error;
  }
}

/**
 * The vehicle a scanned label's unit (or the agency's device it names) is on, for "Scan" on My
 * buses: each candidate through the lookup, or offline on the saved unit index. Null when none.
 */
export async function unitVehicleOf(
  queryClient: QueryClient,
  clientId: number,
  text: string,
  online: boolean,
): Promise<number | null> {
  const candidates = unitCodeCandidates(text);
  const saved = () => {
    const index = queryClient.getQueryData(unitIndexQueryOptions(clientId).queryKey);
    return findInIndex(index?.items ?? [], candidates)?.bus?.vehicleId ?? null;
  };
  if (!online) return saved();
  try {
    for (const code of candidates.filter(isLookupCode)) {
      const found = await lookUpUnit(queryClient, clientId, code);
      const vehicleId =
        found?.unit?.bus?.vehicleId ?? found?.installedOn?.vehicleId ?? found?.device?.vehicleId ?? null;
      if (vehicleId !== null) return vehicleId;
    }
    return null;
  } catch (error) {
    if (isNetworkError(error)) return saved();
    throw error;
  }
}
