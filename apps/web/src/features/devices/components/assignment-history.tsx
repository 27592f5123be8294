import type { AssignmentHistoryEntry } from '@toolkit/contracts/devices.ts';
import { formatDateTime } from '../utils/last-seen.ts';
import { Field } from './device-fields.tsx';

/** Where the device has been: vehicle, from, to, and who assigned and removed it; newest first. */
export function AssignmentHistory({ history }: { history: readonly AssignmentHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-muted-foreground">No assignments recorded yet.</p>;
  const entries = [...history].sort((a, b) => Date.parse(b.fromAt) - Date.parse(a.fromAt));
  return (
    <ol aria-label="Assignment history" className="grid gap-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-border p-3">
          <p className="font-bold">
            {entry.vehicleId === null
              ? 'Unassigned'
              : `Vehicle ${entry.vehicleLabel ?? String(entry.vehicleId)}`}
          </p>
          <dl className="mt-1 grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
            <Field label="From">{formatDateTime(entry.fromAt)}</Field>
            <Field label="To">{entry.toAt ? formatDateTime(entry.toAt) : 'Current'}</Field>
            <Field label="By">{entry.assignedBy ?? '—'}</Field>
            {entry.unassignedBy && <Field label="Removed by">{entry.unassignedBy}</Field>}
          </dl>
        </li>
      ))}
    </ol>
  );
}
