import type { CampaignEvent } from '@toolkit/contracts/campaigns.ts';
import { useMemo, useState } from 'react';
import { fieldClasses } from '../../../../components/ui/input.tsx';
import { EVENT_LABELS, shortTime } from './board-labels.ts';
import { ShowMoreButtons, useDrawnRows } from './drawn-rows.tsx';

/** An event's details in a few words, from its payload when it says something a person reads. */
function detailOf(event: CampaignEvent): string {
  const { payload } = event;
  for (const key of ['reason', 'note', 'label', 'key', 'code', 'to', 'assignee', 'count', 'file']) {
    const value = payload[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
}

/** A fleet number typed into the bus filter: what it matches, from its start, whatever its case. */
const busMatcher = (typed: string) => {
  const wanted = typed.trim().toLowerCase();
  return (fleetNumber: string | null) =>
    wanted === '' || (fleetNumber !== null && fleetNumber.toLowerCase().startsWith(wanted));
};

/**
 * The campaign's events, newest first, filtered by bus (its fleet number typed: a campaign of a
 * thousand buses is not a list to scroll) and by person, over all of them; the latest are drawn,
 * the older ones on "Show older events" or "Show all" (drawn in the background).
 */
export function EventsList({ events }: { events: readonly CampaignEvent[] }) {
  const [bus, setBus] = useState('');
  const [actorId, setActorId] = useState('all');
  const drawn = useDrawnRows();
  const people = useMemo(() => {
    const byId = new Map(events.map((e) => [e.actor.id, e.actor.name]));
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [events]);
  const busMatches = busMatcher(bus);
  const rows = events
    .filter((e) => busMatches(e.fleetNumber) && (actorId === 'all' || String(e.actor.id) === actorId))
    .reverse();
  return (
    <div className="grid gap-3">
      <div className="grid gap-2 @md:grid-cols-2">
        <label className="grid gap-1 text-sm font-semibold">
          Bus
          <input
            type="search"
            className={fieldClasses}
            value={bus}
            placeholder="Fleet number"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setBus(e.target.value);
              drawn.reset();
            }}
          />
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Person
          <select
            className={fieldClasses}
            value={actorId}
            onChange={(e) => {
              setActorId(e.target.value);
              drawn.reset();
            }}
          >
            <option value="all">Everyone</option>
            {people.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No events match.</p>
      ) : (
        <ol aria-label="Events" className="grid gap-1 text-sm">
          {rows.slice(0, drawn.shown).map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-2 border-b border-border py-1">
              <span className="text-muted-foreground">{shortTime(e.occurredAt)}</span>
              {e.fleetNumber && <span className="font-semibold">Bus {e.fleetNumber}</span>}
              <span>{EVENT_LABELS[e.kind]}</span>
              <span className="text-muted-foreground">by {e.actor.name}</span>
              {detailOf(e) && <span className="break-words">{detailOf(e)}</span>}
            </li>
          ))}
        </ol>
      )}
      {rows.length > drawn.shown && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-muted-foreground">
            The latest {drawn.shown} of {rows.length} are shown.
          </p>
          <ShowMoreButtons drawn={drawn} total={rows.length} moreLabel="Show older events" noun="events" />
        </div>
      )}
    </div>
  );
}
