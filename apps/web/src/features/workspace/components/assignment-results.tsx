import type { AssignmentResult } from '@toolkit/contracts/devices.ts';

function resultText(r: AssignmentResult): string {
  if (!r.localAssigned) return r.error ?? 'Not assigned';
  if (r.navigatorAssigned) return 'Assigned in the external system';
  return r.error ? `Assigned locally: ${r.error}` : 'Assigned locally';
}

/** What the last assignment did with each device (§8): nothing until one was answered. */
export function AssignmentResults({ results }: { results: readonly AssignmentResult[] }) {
  if (results.length === 0) return null;
  return (
    <section aria-label="Assignment results" className="grid grid-cols-[minmax(0,1fr)] gap-1">
      <h3 className="font-semibold">Last assignment</h3>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
        {results.map((r) => (
          <li key={r.deviceId} className={r.localAssigned ? '' : 'font-semibold text-destructive'}>
            {r.deviceId}: {resultText(r)}
          </li>
        ))}
      </ul>
    </section>
  );
}
