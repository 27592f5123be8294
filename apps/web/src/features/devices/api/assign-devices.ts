import { useMutation } from '@tanstack/react-query';
import {
  AssignDevicesInputSchema,
  AssignDevicesResponseSchema,
  DEVICE_MESSAGES,
  type AssignDevicesInput,
  type AssignDevicesResponse,
  type AssignmentResult,
} from '@toolkit/contracts/devices.ts';
import { useCallback } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-error.ts';
import { SAVED_OFFLINE, submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { usePendingWrites } from '../../../lib/outbox/use-pending.ts';
import { assignmentMessage } from '../../../lib/assignment-message.ts';
import { toast } from '../../../lib/toast-store.ts';
import { deviceChangeKeys } from '../utils/device-change.ts';

/** §8: the answer carries no result for a device that was sent. */
export const INVALID_RESPONSE = 'Invalid response from server';

const ASSIGN_URL = '/api/devices/assign';
/** What an assignment is, in the outbox (its kind). */
const ASSIGN_WRITE = 'assign';

/** What an assignment changes: the agency's devices, those devices and the vehicle's log. */
const assignmentChange = (input: AssignDevicesInput) => ({
  clientId: input.clientId,
  deviceIds: input.deviceIds,
  vehicleIds: [input.vehicleId],
});

/** What the pending list says of an assignment kept on the phone. */
function assignmentLabel(input: AssignDevicesInput, vehicleLabel?: string): string {
  const devices = `${input.deviceIds.length === 1 ? 'Device' : 'Devices'} ${input.deviceIds.join(', ')}`;
  return `${devices} to ${vehicleLabel ?? `vehicle #${String(input.vehicleId)}`}`;
}

/**
 * POST /api/devices/assign through the outbox, with where the installer saw each device
 * (`expected`): sent later, a device moved meanwhile comes back as a conflict to resolve.
 */
export function assignDevices(
  input: AssignDevicesInput,
  vehicleLabel?: string,
): Promise<Submitted<AssignDevicesResponse>> {
  return submitWrite(
    {
      label: assignmentLabel(input, vehicleLabel),
      method: 'POST',
      url: ASSIGN_URL,
      body: input,
      keyPrefix: ASSIGN_WRITE,
      invalidate: deviceChangeKeys(assignmentChange(input)),
    },
    (answer) => AssignDevicesResponseSchema.parse(answer),
  );
}

/**
 * An assignment as the outbox keeps it: to a vehicle made without signal it names the vehicle by
 * its made-up (negative) id until its create has gone (decision 036), which the request schema,
 * made for what is sent, refuses.
 */
const KeptAssignmentSchema = AssignDevicesInputSchema.extend({ vehicleId: z.number().int() });

/** Assignments to one vehicle not yet sent, live (the outbox's assignments to it). */
export function usePendingAssignments(vehicleId: number) {
  return usePendingWrites(ASSIGN_WRITE, KeptAssignmentSchema, (b) => b.vehicleId === vehicleId);
}

export type AssignmentOutcome =
  { ok: true; results: AssignmentResult[]; message: string } | { ok: false; message: string };

/**
 * The one reading of an assignment answer: every device sent needs a result (else 'Invalid response
 * from server'), saved at least locally (else its error, or the answer's message); a device kept
 * locally with an external-system error adds that error to §8's success text.
 */
export function readAssignment(input: AssignDevicesInput, data: AssignDevicesResponse): AssignmentOutcome {
  const results: AssignmentResult[] = [];
  for (const deviceId of input.deviceIds) {
    const result = data.assignmentResults.find((r) => r.deviceId === deviceId);
    if (!result) return { ok: false, message: INVALID_RESPONSE };
    if (!result.localAssigned) return { ok: false, message: result.error ?? data.message };
    results.push(result);
  }
  if (results.length === 0) return { ok: false, message: DEVICE_MESSAGES.nothingToAssign };
  const errors = results.flatMap((r) => (r.error ? [r.error] : []));
  return { ok: true, results, message: [assignmentMessage(results), ...errors].join(' ') };
}

export type AssignCallbacks = {
  /** The success toast's title ('Device Assigned' unless the screen says otherwise). */
  successTitle?: string;
  onAssigned?: (results: AssignmentResult[]) => void;
  /** Kept on the phone (no signal): it goes when the connection returns. */
  onQueued?: () => void;
  /** The vehicle's label, for the pending list. */
  vehicleLabel?: string;
  /** The results the server did answer, when it answered (a device refused, another kept). */
  onFailed?: (answered?: AssignmentResult[]) => void;
};

/**
 * Device assignment from any screen (Devices, Fleet Overview, Vehicles): one call, one reading of
 * the answer, §8's toasts; every query the assignment changes is refreshed by the outbox (decision 044).
 */
export function useAssignDevices() {
  const mutation = useMutation({
    mutationFn: ({ input, vehicleLabel }: { input: AssignDevicesInput; vehicleLabel?: string }) =>
      assignDevices(input, vehicleLabel),
    networkMode: 'always',
  });
  const { mutateAsync } = mutation;

  const assign = useCallback(
    async (input: AssignDevicesInput, callbacks: AssignCallbacks = {}): Promise<void> => {
      const fail = (description: string, answered?: AssignmentResult[]) => {
        toast({ title: 'Assignment Failed', description, variant: 'destructive' });
        callbacks.onFailed?.(answered);
      };
      let submitted: Submitted<AssignDevicesResponse>;
      try {
        submitted = await mutateAsync({ input, vehicleLabel: callbacks.vehicleLabel });
      } catch (error) {
        fail(errorMessage(error, DEVICE_MESSAGES.assignFailed));
        return;
      }
      if (submitted.status === 'queued') {
        toast({ title: 'Assignment saved', description: SAVED_OFFLINE });
        callbacks.onQueued?.();
        return;
      }
      const data = submitted.answer;
      const outcome = readAssignment(input, data);
      if (!outcome.ok) return fail(outcome.message, data.assignmentResults);
      toast({ title: callbacks.successTitle ?? 'Device Assigned', description: outcome.message });
      callbacks.onAssigned?.(outcome.results);
    },
    [mutateAsync],
  );

  return { assign, isPending: mutation.isPending };
}
