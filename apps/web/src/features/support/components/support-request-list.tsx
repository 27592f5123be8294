import { SUPPORT_REQUEST_LABELS } from '@toolkit/contracts/support.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSupportRequests } from '../api/get-support-requests.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

/** The user's earlier requests and their state. */
export function SupportRequestList() {
  const requests = useSupportRequests();
  return (
    <Card className="grid gap-3">
      <CardTitle id="your-requests">Your Requests</CardTitle>
      {requests.isPending ? (
        <Skeleton role="status" aria-label="Loading your requests" className="h-20" />
      ) : requests.isError ? (
        <p role="alert" className="text-destructive">
          Could not load your requests: {requests.error.message}
        </p>
      ) : requests.data.length === 0 ? (
        <p className="text-muted-foreground">You have not filed any request yet.</p>
      ) : (
        <ul aria-labelledby="your-requests" className="grid gap-2">
          {requests.data.map((r) => (
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
                {when(r.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
