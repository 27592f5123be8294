import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
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
        {quickAssign?.(clientId)}
      </div>
    </>
  );
}
