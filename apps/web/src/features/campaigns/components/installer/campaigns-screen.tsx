import type { CampaignSummary } from '@toolkit/contracts/campaigns.ts';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { PageHeader } from '../../../../components/layout/page-header.tsx';
import { cardClasses } from '../../../../components/ui/card.tsx';
import { paths } from '../../../../config/paths.ts';
import { cn } from '../../../../lib/cn.ts';
import { useClientId } from '../../../../lib/use-selected-client.ts';
import { useCampaigns } from '../../api/get-campaigns.ts';
import { campaignCountsText } from '../../utils/format.ts';

type CampaignsScreenProps = {
  /** What the route adds beside the title (a supervisor's "New campaign"). */
  actions?: (clientId: number) => ReactNode;
};

/** Campaigns: each active install campaign of the selected agency, with the installer's counts. */
export function CampaignsScreen({ actions }: CampaignsScreenProps) {
  const clientId = useClientId();
  const campaigns = useCampaigns(clientId);
  return (
    <>
      <PageHeader
        title="Campaigns"
        subtitle="Install campaigns of this agency"
        actions={actions?.(clientId)}
      />
      <QueryState
        query={campaigns}
        noun="campaigns"
        emptyText="No active campaign in this agency."
        isEmpty={(list) => !list.some((c) => c.status === 'active')}
        rowClassName="h-20"
      >
        {(list) => (
          <ul aria-label="Active campaigns" className="grid gap-3">
            {list
              .filter((c) => c.status === 'active')
              .map((c) => (
                <li key={c.id}>
                  <CampaignCard campaign={c} />
                </li>
              ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  return (
    <Link
      to={paths.campaign(campaign.id)}
      className={cn(cardClasses, 'flex min-h-16 items-center gap-3 transition-colors hover:border-primary')}
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="text-lg font-bold break-words">{campaign.name}</span>
        <span className="text-muted-foreground">{campaignCountsText(campaign)}</span>
        {campaign.dueOn !== null && (
          <span className="text-sm text-muted-foreground">Due {campaign.dueOn}</span>
        )}
      </span>
      <ChevronRight aria-hidden className="size-6 shrink-0 text-muted-foreground" />
    </Link>
  );
}
