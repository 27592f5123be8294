import { PendingMark } from '../../../components/feedback/pending-mark.tsx';
import { usePendingAssignments } from '../api/assign-devices.ts';

/** Assignments to a vehicle made on this phone and not yet on the server (issue 14), marked pending. */
export function PendingAssignments({ vehicleId }: { vehicleId: number }) {
  const assigned = usePendingAssignments(vehicleId);
  if (assigned.length === 0) return null;
  return (
    <ul aria-label="Assignments waiting to be sent" className="grid gap-1">
      {assigned.flatMap(({ entry, body }) =>
        body.deviceIds.map((id) => (
          <li
            key={`${entry.id}-${id}`}
            className="grid gap-1 rounded-lg border-2 border-dashed border-border px-3 py-2"
          >
            <span className="font-semibold break-words">Device {id} to this vehicle</span>
            <PendingMark state={entry.state} />
          </li>
        )),
      )}
    </ul>
  );
}
