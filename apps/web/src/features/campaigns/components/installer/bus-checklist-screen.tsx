import { BUS_STATE_LABELS, type CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { paths } from '../../../../config/paths.ts';
import { useClientId } from '../../../../lib/use-selected-client.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { useCampaignBus } from '../../api/get-campaign-bus.ts';
import { useBusAccess } from '../../hooks/use-bus-access.ts';
import { useBusAnswers } from '../../hooks/use-bus-answers.ts';
import { useBusPending } from '../../hooks/use-bus-pending.ts';
import { isRework } from '../../utils/bus-order.ts';
import { missingItems, withWaitingTicks } from '../../utils/checklist.ts';
import { BlockerPanel } from './blocker-panel.tsx';
import { ChecklistGroups } from './checklist-groups.tsx';
import { ClaimBar } from './claim-bar.tsx';
import { RefusalNote } from './refusal-note.tsx';
import { SubmitPanel } from './submit-panel.tsx';
import { WaitingMark } from './waiting-mark.tsx';

/** The bus checklist (`/campaigns/:id/buses/:busId`): what the bus must meet, worked on the phone. */
export function BusChecklistScreen({ busId }: { busId: number }) {
  const bus = useCampaignBus(busId);
  useBusAnswers();
  return (
    <>
      <PageHeader
        title={bus.data ? `Bus ${bus.data.fleetNumber}` : 'Bus checklist'}
        subtitle={bus.data?.campaign.name ?? 'Campaign'}
      />
      <QueryState query={bus} noun="checklist" emptyText="" isEmpty={() => false} rowClassName="h-16">
        {(detail) => <Checklist bus={detail} />}
      </QueryState>
    </>
  );
}

function Checklist({ bus }: { bus: CampaignBusDetail }) {
  const clientId = useClientId();
  const ref: BusRef = { busId: bus.id, campaignId: bus.campaignId, clientId, fleetNumber: bus.fleetNumber };
  const access = useBusAccess(bus);
  const pending = useBusPending(bus.id);
  const items = withWaitingTicks(bus.items, pending.tickStates);
  const submitWaiting = pending.submit?.entry.state === 'waiting';
  const state = submitWaiting ? 'ready_for_review' : bus.state;
  const canSubmit = !access.locked && (state === 'planned' || state === 'in_progress');
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{BUS_STATE_LABELS[state]}</span>
          {submitWaiting && <WaitingMark />}
          {bus.assignee !== null && <span className="text-muted-foreground">· {bus.assignee.name}</span>}
        </p>
        {isRework(bus) && bus.reworkReason !== null && (
          <p className="font-semibold break-words text-destructive">Sent back: {bus.reworkReason}</p>
        )}
        {access.reason !== null && <p className="font-semibold break-words">{access.reason}</p>}
        {access.claim !== undefined && <RefusalNote entry={access.claim} />}
        <Link to={paths.startInstallation(bus.vehicleId)} className={buttonClasses('outline')}>
          <Wrench aria-hidden className="size-5" />
          Open bus {bus.fleetNumber} in the workspace
        </Link>
      </div>
      {access.claimable && <ClaimBar bus={ref} />}
      <BlockerPanel
        bus={ref}
        vehicleId={bus.vehicleId}
        blocked={bus.blocked}
        kept={pending.blocker}
        locked={access.locked}
      />
      <ChecklistGroups
        bus={ref}
        vehicleId={bus.vehicleId}
        items={items}
        kept={pending.tickEntries}
        locked={access.locked}
      />
      {pending.submit !== null && <RefusalNote entry={pending.submit.entry} />}
      {canSubmit && <SubmitPanel bus={ref} missing={missingItems(items)} />}
      {state === 'ready_for_review' && !submitWaiting && (
        <p className="text-muted-foreground">Submitted: waiting for the supervisor's review.</p>
      )}
    </div>
  );
}
