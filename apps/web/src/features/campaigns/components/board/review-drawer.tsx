import type { CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { BLOCKER_LABELS } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { ModalContent } from '../../../../components/ui/modal-content.tsx';
import { useSupervisorBus } from '../../api/supervisor-get-bus.ts';
import { flagWords, shortTime, stateWords } from './board-labels.ts';
import { ItemMarks } from './item-marks.tsx';
import { RemoveBus } from './remove-bus.tsx';
import { ReviewActions } from './review-actions.tsx';
import { ReviewChecklist } from './review-checklist.tsx';
import { BusPhoto, ReviewEvidence } from './review-evidence.tsx';

/** The photo linked to the bus's latest blocker report, if it has one. */
function blockerPhotoId(bus: CampaignBusDetail): number | null {
  const report = bus.events.findLast((e) => e.kind === 'blocked');
  const id = report?.payload.photoId;
  return typeof id === 'number' ? id : null;
}

/** Who did what to the bus so far: submitted, accepted, sent back, blocked. */
function BusFacts({ bus }: { bus: CampaignBusDetail }) {
  const photoId = blockerPhotoId(bus);
  return (
    <dl className="grid gap-1 text-sm">
      <div>
        <dt className="inline font-semibold">Assignee: </dt>
        <dd className="inline">{bus.assignee?.name ?? 'Unassigned'}</dd>
      </div>
      {bus.submitted && (
        <div>
          <dt className="inline font-semibold">Submitted: </dt>
          <dd className="inline">{`${bus.submitted.by.name} · ${shortTime(bus.submitted.at)}`}</dd>
        </div>
      )}
      {bus.accepted && (
        <div>
          <dt className="inline font-semibold">Accepted: </dt>
          <dd className="inline">
            {`${bus.accepted.by.name} · ${shortTime(bus.accepted.at)}${bus.accepted.note ? ` · ${bus.accepted.note}` : ''}`}
          </dd>
        </div>
      )}
      {bus.blocked && (
        <div>
          <dt className="inline font-semibold">Blocker: </dt>
          <dd className="inline">
            {`${BLOCKER_LABELS[bus.blocked.code]}${bus.blocked.note ? ` · ${bus.blocked.note}` : ''} (${bus.blocked.by.name}, ${shortTime(bus.blocked.at)})`}
            {photoId !== null && (
              <span className="mt-1 block">
                <BusPhoto
                  vehicleId={bus.vehicleId}
                  photoId={photoId}
                  alt={`Photo of the blocker of bus ${bus.fleetNumber}`}
                />
              </span>
            )}
          </dd>
        </div>
      )}
      {bus.reworkReason && (
        <div className="text-destructive">
          <dt className="inline font-semibold">{`Sent back ${String(bus.reworkCount)}×: `}</dt>
          <dd className="inline">{bus.reworkReason}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The review of one bus as it was when opened (the version its actions send); when the bus changes
 * meanwhile it says so and offers the latest.
 */
function Review({ live, onClose }: { live: CampaignBusDetail; onClose: () => void }) {
  const [shown, setShown] = useState(live);
  const bus = shown.id === live.id ? shown : live;
  return (
    <div className="grid gap-4">
      <p className="font-semibold">{[stateWords(bus), ...flagWords(bus)].join(' · ')}</p>
      {live.version !== bus.version && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-lg border-2 border-warning p-3"
        >
          <span>Bus {bus.fleetNumber} changed since you opened it.</span>
          <Button variant="outline" onClick={() => setShown(live)}>
            Show the latest
          </Button>
        </div>
      )}
      <BusFacts bus={bus} />
      <ReviewChecklist live={bus.items} frozen={bus.frozen} exceptions={bus.exceptions} />
      <section aria-label="Evidence" className="grid gap-2">
        <h3 className="font-bold">Evidence and tests</h3>
        <ReviewEvidence vehicleId={bus.vehicleId} items={bus.items} />
      </section>
      <ReviewActions bus={bus} version={bus.version} onDone={onClose} />
      {live.state !== 'accepted' && <ItemMarks bus={live} />}
      <RemoveBus bus={live} onRemoved={onClose} />
    </div>
  );
}

/** The review drawer: a sheet on the right with one bus of the board. */
export function ReviewDrawer({
  busId,
  fleetNumber,
  onClose,
}: {
  busId: number;
  fleetNumber: string;
  onClose: () => void;
}) {
  const bus = useSupervisorBus(busId);
  // The review shows the bus as this opening read it, not a copy kept from an earlier one.
  const [openedAt] = useState(() => Date.now());
  const fresh = bus.dataUpdatedAt >= openedAt || bus.fetchStatus !== 'fetching';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <ModalContent
        title={`Bus ${fleetNumber}`}
        className="fixed inset-y-0 right-0 z-50 w-full max-w-2xl overflow-y-auto border-l border-border bg-surface p-5 text-foreground shadow-xl"
      >
        <QueryState
          query={{ ...bus, data: fresh ? bus.data : undefined }}
          noun="the bus"
          emptyText=""
          isEmpty={() => false}
        >
          {(data) => <Review key={data.id} live={data} onClose={onClose} />}
        </QueryState>
      </ModalContent>
    </Dialog>
  );
}
