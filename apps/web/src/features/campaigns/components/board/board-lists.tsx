import { useDeferredValue } from 'react';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Card, CardTitle } from '../../../../components/ui/card.tsx';
import { useSupervisorBuses } from '../../api/supervisor-get-buses.ts';
import { useSupervisorEvents } from '../../api/supervisor-get-events.ts';
import { useAfterPaint } from '../../hooks/use-after-paint.ts';
import { BusBoard } from './bus-board.tsx';
import type { BusRef } from './bus-list.ts';
import { EventsList } from './events-list.tsx';
import { ReviewDrawer } from './review-drawer.tsx';

type BoardListsProps = {
  campaignId: number;
  /** The bus under review (from a row, or from the dashboard's blockers), or null. */
  openBus: BusRef | null;
  onOpenBus: (bus: BusRef) => void;
  onCloseBus: () => void;
};

/**
 * The board below its dashboard: every bus (filters, search, sorting, selection and bulk actions
 * over all of them), the events, and the review of one bus. Never in the dashboard's way: each
 * list is drawn from a deferred copy of its data, which React renders in the background, in
 * slices, after what is on screen; and the events are asked for once the buses are in, and
 * drawn once the bus board has painted.
 */
export function BoardLists({ campaignId, openBus, onOpenBus, onCloseBus }: BoardListsProps) {
  const buses = useSupervisorBuses(campaignId);
  const shownBuses = useDeferredValue(buses.data ?? null, null);
  const busesSettled = buses.data !== undefined || buses.fetchStatus !== 'fetching';
  const events = useSupervisorEvents(campaignId, { enabled: busesSettled });
  // The events are drawn once the bus board has painted: two smaller steps, not one long one.
  const busesPainted = useAfterPaint(shownBuses !== null || (buses.data === undefined && busesSettled));
  const shownEvents = useDeferredValue(busesPainted ? (events.data ?? null) : null, null);
  // A bus that left the board (a refresh no longer has it) closes its review.
  const reviewed =
    openBus && (buses.data === undefined || buses.data.some((b) => b.id === openBus.id)) ? openBus : null;
  return (
    <>
      <QueryState
        query={{ ...buses, data: shownBuses ?? undefined }}
        noun="buses"
        emptyText=""
        isEmpty={() => false}
      >
        {(data) => <BusBoard campaignId={campaignId} buses={data} onOpenBus={onOpenBus} />}
      </QueryState>
      <Card>
        <CardTitle>Events</CardTitle>
        <div className="mt-2">
          <QueryState
            query={{ ...events, data: shownEvents ?? undefined }}
            noun="events"
            emptyText="No events yet."
            isEmpty={(d) => d.length === 0}
          >
            {(data) => <EventsList events={data} />}
          </QueryState>
        </div>
      </Card>
      {reviewed && (
        <ReviewDrawer busId={reviewed.id} fleetNumber={reviewed.fleetNumber} onClose={onCloseBus} />
      )}
    </>
  );
}
