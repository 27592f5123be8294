import type { Campaign, CampaignDashboard } from '@toolkit/contracts/campaigns.ts';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Card, CardTitle } from '../../../../components/ui/card.tsx';
import { useCampaignSummary } from '../../api/supervisor-get-summary.ts';
import { countWords } from '../../../../lib/words.ts';
import { dayWords } from './board-labels.ts';
import { AcceptedChart } from './accepted-chart.tsx';
import { BlockersList } from './blockers-list.tsx';
import type { BusRef } from './bus-list.ts';

type DashboardProps = {
  campaign: Campaign;
  onOpenBus: (bus: BusRef) => void;
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  );
}

function Numbers({ summary, onOpenBus }: { summary: CampaignDashboard; onOpenBus: (bus: BusRef) => void }) {
  const { counts } = summary;
  const n = countWords;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 @md:grid-cols-4 @5xl:grid-cols-7">
        <Stat label="Planned" value={n(counts.planned)} />
        <Stat label="In progress" value={n(counts.in_progress)} />
        <Stat label="Blocked" value={n(summary.blocked)} />
        <Stat label="Ready for review" value={n(counts.ready_for_review)} />
        <Stat label="Accepted" value={n(counts.accepted)} />
        <Stat label="Share accepted" value={`${String(summary.shareAccepted)}%`} />
        <Stat label="Due date" value={summary.dueOn ? dayWords(summary.dueOn) : 'None'} />
      </dl>
      <div className="grid gap-4 @4xl:grid-cols-[2fr_1fr]">
        <Card>
          <CardTitle>Accepted per day</CardTitle>
          <AcceptedChart points={summary.acceptedPerDay} busCount={summary.total} />
        </Card>
        <Card>
          <CardTitle>Blockers</CardTitle>
          <BlockersList groups={summary.blockers} onOpenBus={onOpenBus} />
        </Card>
      </div>
    </>
  );
}

/**
 * The top of the board: where the campaign stands, its pace against the due date, its blockers,
 * all from one small answer the server counts (GET /api/campaigns/{id}/summary), whatever the
 * campaign's size.
 */
export function Dashboard({ campaign, onOpenBus }: DashboardProps) {
  const summary = useCampaignSummary(campaign.id);
  return (
    <section aria-labelledby="campaign-dashboard" className="grid gap-4">
      <h2 id="campaign-dashboard" className="sr-only">
        Dashboard
      </h2>
      <QueryState query={summary} noun="the dashboard" emptyText="" isEmpty={() => false}>
        {(data) => <Numbers summary={data} onOpenBus={onOpenBus} />}
      </QueryState>
    </section>
  );
}
