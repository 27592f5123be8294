import type { BlockerGroup } from '@toolkit/contracts/campaigns.ts';
import { shortTime } from './board-labels.ts';

/** Blocked buses by code, the longest blocked first (as the server groups them); each bus opens its review. */
export function BlockersList({
  groups,
  onOpenBus,
}: {
  groups: readonly BlockerGroup[];
  onOpenBus: (busId: number) => void;
}) {
  if (groups.length === 0) return <p className="text-muted-foreground">No bus is blocked.</p>;
  return (
    <ul className="mt-2 grid gap-3">
      {groups.map((group) => (
        <li key={group.code}>
          <h3 className="font-semibold">
            {group.label} · {group.buses.length}
          </h3>
          <ul className="mt-1 grid gap-1">
            {group.buses.map((bus) => (
              <li key={bus.id} className="text-sm">
                <button type="button" className="font-semibold underline" onClick={() => onOpenBus(bus.id)}>
                  Bus {bus.fleetNumber}
                </button>{' '}
                <span className="text-muted-foreground">since {shortTime(bus.at)}</span>
                {bus.note && <span className="block break-words">{bus.note}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
