import { ChevronRight, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { cardClasses } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useClientId } from '../../../lib/use-selected-client.ts';
import { useClient } from '../../clients/index.ts';
import { FleetCounts } from './fleet-counts.tsx';

type OverviewScreenProps = {
  /** The quick device assignment block (§2), composed by the route from the devices feature. */
  quickAssign?: (clientId: number) => ReactNode;
};

/** Fleet Overview (§2) for the selected client (the route guard makes sure there is one). */
export function OverviewScreen({ quickAssign }: OverviewScreenProps) {
  const clientId = useClientId();
  const client = useClient(clientId);
  const name = client.data ? (client.data.fullName ?? client.data.name) : null;
  return (
    <>
      <PageHeader
        title="Fleet Overview"
        subtitle={
          name ??
          (client.isError || client.fetchStatus === 'paused'
            ? 'Client details unavailable'
            : 'Loading client...')
        }
      />
      <div className="grid gap-5">
        <FleetCounts clientId={clientId} />
        <CampaignsCard />
        {quickAssign?.(clientId)}
      </div>
    </>
  );
}

/** The way to the install campaigns (their own screen; the bottom bar keeps its five). */
function CampaignsCard() {
  return (
    <Link
      to={paths.campaigns}
      className={cn(cardClasses, 'flex min-h-16 items-center gap-3 transition-colors hover:border-primary')}
    >
      <ListChecks aria-hidden className="size-6 shrink-0 text-primary" />
      <span className="grid min-w-0 flex-1">
        <span className="font-semibold">Campaigns</span>
        <span className="text-sm text-muted-foreground">My buses, checklists and blockers</span>
      </span>
      <ChevronRight aria-hidden className="size-6 shrink-0 text-muted-foreground" />
    </Link>
  );
}
