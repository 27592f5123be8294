import type { BulkAcceptResult, CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { readableError } from '../../../../lib/api-error.ts';
import { pluralize } from '../../../../lib/pluralize.ts';
import { useBulkAccept } from '../../api/supervisor-bulk-accept.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { OnlineButton } from './online-button.tsx';

type BulkActionsProps = {
  campaignId: number;
  selected: readonly CampaignBus[];
  onDone: () => void;
};

/** What was accepted, and each bus skipped in the server's words. */
function AcceptOutcome({ result }: { result: BulkAcceptResult }) {
  return (
    <div role="status" className="grid gap-1 rounded-lg border-2 border-border p-3">
      <p className="font-semibold">Accepted {pluralize(result.accepted.length, 'bus', 'buses')}.</p>
      {result.skipped.length > 0 && (
        <>
          <p className="font-semibold">Skipped {pluralize(result.skipped.length, 'bus', 'buses')}:</p>
          <ul className="list-disc pl-5">
            {result.skipped.map((s) => (
              <li key={s.busId}>{s.reason}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What the board does to the buses selected: assign them, or accept those ready. */
export function BulkActions({ campaignId, selected, onDone }: BulkActionsProps) {
  const accept = useBulkAccept(campaignId);
  const [assignOpen, setAssignOpen] = useState(false);
  const none = selected.length === 0;
  const acceptSelected = () => {
    accept.mutate(
      selected.map((b) => ({ busId: b.id, version: b.version })),
      { onSuccess: onDone },
    );
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <p aria-live="polite" className="self-center font-semibold">
          {pluralize(selected.length, 'bus', 'buses')} selected
        </p>
        <OnlineButton variant="outline" disabled={none} onClick={() => setAssignOpen(true)}>
          Assign to…
        </OnlineButton>
        <OnlineButton disabled={none || accept.isPending} onClick={acceptSelected}>
          Accept selected
        </OnlineButton>
      </div>
      {accept.data && <AcceptOutcome result={accept.data} />}
      {accept.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(accept.error)}
        </p>
      )}
      <AssignDialog
        open={assignOpen}
        onOpenChange={setAssignOpen}
        campaignId={campaignId}
        busIds={selected.map((b) => b.id)}
        onAssigned={onDone}
      />
    </div>
  );
}
