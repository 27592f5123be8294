import { useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device } from '@toolkit/contracts/devices.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { devicesQueryOptions, useAssignmentList, type ListProblem } from '../../devices/index.ts';
import { findScannedCode, useUnitIndex, type ScanVerdict } from '../../shipments/index.ts';

/** A shipment unit that is not a device yet, offered for creation on this bus. */
export type CreateOffer = Extract<ScanVerdict, { kind: 'create' }>;

/**
 * What a scanned or typed code did: `problem` (said on the field and in a toast) or none; the
 * shipment unit to create, if it named one; whether nothing knew it (Create Device offers it).
 */
export type CodeOutcome = { problem: ListProblem | null; offer: CreateOffer | null; unknown: boolean };

const UNIT_REFUSED = 'Unit not added';

/**
 * The unit scan of the assignment list (issue 35, the design's "unit scan"): a code is the
 * agency's device by its id first (the lookup as before: a device joins the list), then the
 * label's codes are looked up in the devices and the shipment units; without signal on the
 * phone's saved devices and unit index, which this hook keeps fresh while the list is open.
 */
export function useCodeScan(clientId: number, chosen: ReturnType<typeof useAssignmentList>) {
  const queryClient = useQueryClient();
  useUnitIndex(clientId);

  const fromVerdict = (verdict: ScanVerdict): CodeOutcome => {
    switch (verdict.kind) {
      case 'device':
        return { problem: chosen.add(verdict.device), offer: null, unknown: false };
      case 'create':
        return { problem: null, offer: verdict, unknown: false };
      case 'refused':
        return { problem: { title: UNIT_REFUSED, message: verdict.message }, offer: null, unknown: false };
      case 'none':
        return {
          problem: { title: DEVICE_MESSAGES.notFound, message: verdict.message },
          offer: null,
          unknown: true,
        };
    }
  };

  return async (text: string): Promise<CodeOutcome> => {
    const online = navigator.onLine;
    if (online) {
      // No device has the whole text as its id (or the id lookup refused a label's text): its codes next.
      const problem = await chosen.addById(text);
      if (problem?.title !== DEVICE_MESSAGES.notFound) return { problem, offer: null, unknown: false };
    }
    const savedDevices: readonly Device[] =
      queryClient.getQueryData(devicesQueryOptions(clientId).queryKey) ?? [];
    try {
      return fromVerdict(await findScannedCode(queryClient, { clientId, text, online, savedDevices }));
    } catch (error) {
      const message = errorMessage(error, DEVICE_MESSAGES.notFound);
      return { problem: { title: DEVICE_MESSAGES.notFound, message }, offer: null, unknown: false };
    }
  };
}
