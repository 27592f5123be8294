import type { Client } from '@toolkit/contracts/clients.ts';
import { Building2, LogOut, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useClients } from '../api/get-clients.ts';
import { ClientCard } from './client-card.tsx';
import { readableError } from '../../../lib/api-error.ts';

type ClientsScreenProps = {
  userName: string | null;
  /** The access request (a support request, decision 017), composed in by the route. */
  accessRequest?: ReactNode;
  onSelect: (client: Client) => void;
  onLogout: () => void;
};

export function ClientsScreen({ userName, accessRequest, onSelect, onLogout }: ClientsScreenProps) {
  const clients = useClients();
  return (
    <main className="mx-auto min-h-dvh max-w-3xl px-4 py-5">
      <PageHeader
        title="Select Client"
        subtitle={
          userName
            ? `Signed in as ${userName}. Choose the transit agency you are working for.`
            : 'Choose the transit agency you are working for.'
        }
        actions={
          <>
            <Button variant="outline" onClick={() => void clients.refetch()} disabled={clients.isFetching}>
              <RefreshCw aria-hidden className={clients.isFetching ? 'size-5 animate-spin' : 'size-5'} />
              Refresh
            </Button>
            <Button variant="outline" onClick={onLogout}>
              <LogOut aria-hidden className="size-5" />
              Logout
            </Button>
          </>
        }
      />
      <ClientsBody state={clients} accessRequest={accessRequest} onSelect={onSelect} />
    </main>
  );
}

function ClientsBody({
  state,
  accessRequest,
  onSelect,
}: {
  state: ReturnType<typeof useClients>;
  accessRequest: ReactNode;
  onSelect: (client: Client) => void;
}) {
  const phase = queryPhase(state);
  if (phase === 'loading') {
    return <LoadingState label="Loading clients" rows={2} rowClassName="h-36" />;
  }
  if (phase === 'offline') return <NothingSavedState noun="clients" query={state} />;
  if (state.data === undefined) {
    return (
      <ErrorState title="Could not load your clients" onRetry={() => void state.refetch()}>
        <p className="break-words text-muted-foreground">{readableError(state.error)}</p>
      </ErrorState>
    );
  }
  if (state.data === null) {
    return (
      <Card role="alert" className="grid gap-3 text-center">
        <p className="text-lg font-semibold">Your session has ended</p>
        <p className="text-muted-foreground">Sign in again to see your clients.</p>
        <Link to={paths.login} className={`${buttonClasses('primary', 'md')} mx-auto`}>
          Sign in again
        </Link>
      </Card>
    );
  }
  if (state.data.length === 0) {
    return (
      <div className="grid gap-4">
        <Card className="grid gap-2 text-center">
          <Building2 aria-hidden className="mx-auto size-10 text-muted-foreground" />
          <h2 className="text-xl font-bold">No Clients Available</h2>
          <p className="text-muted-foreground">
            Your account does not have access to any transit agency yet. Request access below.
          </p>
        </Card>
        {accessRequest}
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <SavedCopyNotice query={state} what="clients" className="mb-0" />
      <ul aria-label="Clients" className="grid gap-3">
        {state.data.map((client) => (
          <ClientCard key={client.id} client={client} onSelect={onSelect} />
        ))}
      </ul>
      {accessRequest}
    </div>
  );
}
