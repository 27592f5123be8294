import type { Campaign, CampaignBus, CampaignEvent } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { Card, CardTitle } from '../../../../components/ui/card.tsx';
import { dayWords } from './board-labels.ts';
import { acceptedPerDay, countBuses, shareAccepted } from './board-stats.ts';
import { AcceptedChart } from './accepted-chart.tsx';
import { BlockersList } from './blockers-list.tsx';

type DashboardProps = {
  campaign: Campaign;
  buses: readonly CampaignBus[];
  events: readonly CampaignEvent[] | undefined;
  onOpenBus: (busId: number) => void;
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  );
}

/** The top of the board: where the campaign stands, its pace against the due date, its blockers. */
export function Dashboard({ campaign, buses, events, onOpenBus }: DashboardProps) {
  const [now] = useState(() => Date.now());
  const counts = countBuses(buses);
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <section aria-labelledby="campaign-dashboard" className="grid gap-4">
      <h2 id="campaign-dashboard" className="sr-only">
        Dashboard
      </h2>
      <dl className="grid grid-cols-2 gap-2 @md:grid-cols-4 @5xl:grid-cols-7">
        <Stat label="Planned" value={n(counts.planned)} />
        <Stat label="In progress" value={n(counts.in_progress)} />
        <Stat label="Blocked" value={n(counts.blocked)} />
        <Stat label="Ready for review" value={n(counts.ready_for_review)} />
        <Stat label="Accepted" value={n(counts.accepted)} />
        <Stat label="Share accepted" value={`${String(shareAccepted(counts))}%`} />
        <Stat label="Due date" value={campaign.dueOn ? dayWords(campaign.dueOn) : 'None'} />
      </dl>
      <div className="grid gap-4 @4xl:grid-cols-[2fr_1fr]">
        <Card>
          <CardTitle>Accepted per day</CardTitle>
          {events === undefined ? (
            <p className="text-muted-foreground">Loading events</p>
          ) : (
            <AcceptedChart points={acceptedPerDay(campaign, buses, events, now)} busCount={counts.total} />
          )}
        </Card>
        <Card>
          <CardTitle>Blockers</CardTitle>
          <BlockersList buses={buses} onOpenBus={onOpenBus} />
        </Card>
      </div>
    </section>
  );
}
