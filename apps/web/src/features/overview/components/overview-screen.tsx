import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useSelectedClientId } from '../../../lib/use-selected-client.ts';
import { useClient } from '../api/get-client.ts';
import { FleetCounts } from './fleet-counts.tsx';

type OverviewScreenProps = {
  /** The quick device assignment block (§2), composed by the route from the devices feature. */
  quickAssign?: (clientId: number) => ReactNode;
};

/** Fleet Overview (§2) for the selected client. */
export function OverviewScreen({ quickAssign }: OverviewScreenProps) {
  const clientId = useSelectedClientId();
  if (clientId === null) {
    return (
      <>
        <PageHeader title="Fleet Overview" />
        <Card className="grid gap-3 text-center">
          <h2 className="text-xl font-bold">No Client Selected</h2>
          <p className="text-muted-foreground">Choose a transit agency to see its fleet.</p>
          <Link to={paths.clients} className={`${buttonClasses('primary', 'md')} mx-auto`}>
            Select Client
          </Link>
        </Card>
      </>
    );
  }
  return <SelectedClientOverview clientId={clientId} quickAssign={quickAssign} />;
}

function SelectedClientOverview({ clientId, quickAssign }: { clientId: number } & OverviewScreenProps) {
  const client = useClient(clientId);
  const name = client.data ? (client.data.fullName ?? client.data.name) : null;
  return (
    <>
      <PageHeader
        title="Fleet Overview"
        subtitle={name ?? (client.isError ? 'Client details unavailable' : 'Loading client...')}
      />
      <div className="grid gap-5">
        <FleetCounts clientId={clientId} />
        {quickAssign?.(clientId)}
      </div>
    </>
  );
}
