import { SUPPORT_REQUEST_LABELS } from '@toolkit/contracts/support.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useSupportRequests } from '../api/get-support-requests.ts';
import { ListCard, listTime } from './list-card.tsx';

/** The user's earlier requests and their state. */
export function SupportRequestList() {
  return (
    <ListCard
      id="your-requests"
      title="Your Requests"
      query={useSupportRequests()}
      loadingLabel="Loading your requests"
      errorLead="Could not load your requests"
      empty="You have not filed any request yet."
      skeletonClassName="h-20"
      renderItem={(r) => (
        <li key={r.id} className="grid gap-1 rounded-lg bg-surface-muted p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold break-words">
              {SUPPORT_REQUEST_LABELS[r.kind]}: {r.subject}
            </p>
            <Badge tone={r.state === 'sent' ? 'success' : 'warning'}>
              {r.state === 'sent' ? 'Sent to support' : 'Received'}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {r.clientName ? `${r.clientName} · ` : ''}
            {listTime(r.createdAt)}
          </p>
        </li>
      )}
    />
  );
}
