import type { BlockerGroup } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { shortTime } from './board-labels.ts';
import type { BusRef } from './bus-list.ts';

/** Buses listed at first in each group, the longest blocked: the rest on "Show all". */
const FIRST = 5;

function Group({ group, onOpenBus }: { group: BlockerGroup; onOpenBus: (bus: BusRef) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? group.buses : group.buses.slice(0, FIRST);
  return (
    <li>
      <h3 className="font-semibold">
        {group.label} · {group.buses.length}
      </h3>
      <ul className="mt-1 grid gap-1">
        {shown.map((bus) => (
          <li key={bus.id} className="text-sm">
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => onOpenBus({ id: bus.id, fleetNumber: bus.fleetNumber })}
            >
              Bus {bus.fleetNumber}
            </button>{' '}
            <span className="text-muted-foreground">since {shortTime(bus.at)}</span>
            {bus.note && <span className="block break-words">{bus.note}</span>}
          </li>
        ))}
      </ul>
      {shown.length < group.buses.length && (
        <button type="button" className="mt-1 text-sm font-semibold underline" onClick={() => setAll(true)}>
          {`Show all ${String(group.buses.length)}`}
        </button>
      )}
    </li>
  );
}

/**
 * Blocked buses by code, the longest blocked first (as the server groups them), the first few of
 * each code at once and the others on "Show all"; each bus opens its review.
 */
export function BlockersList({
  groups,
  onOpenBus,
}: {
  groups: readonly BlockerGroup[];
  onOpenBus: (bus: BusRef) => void;
}) {
  if (groups.length === 0) return <p className="text-muted-foreground">No bus is blocked.</p>;
  return (
    <ul className="mt-2 grid gap-3">
      {groups.map((group) => (
        <Group key={group.code} group={group} onOpenBus={onOpenBus} />
      ))}
    </ul>
  );
}
