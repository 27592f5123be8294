import type { SyncStatusResponse } from '@toolkit/contracts/devices.ts';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useCheckSyncStatus } from '../api/check-sync-status.ts';
import { useSingleFlight } from '../hooks/use-single-flight.ts';
import { errorMessage } from '../../../lib/api-error.ts';

function SyncSummary({ data }: { data: SyncStatusResponse }) {
  const conflicts = data.syncStatus.filter((s) => s.state === 'conflict');
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <Card role="status" aria-label="Sync check result" className="grid gap-2">
      <h2 className="text-lg font-bold">Sync Check</h2>
      <ul className="grid grid-cols-3 gap-2 text-center">
        <li className="rounded-lg bg-surface-muted p-2">
          <span className="block text-2xl font-bold">{n(data.summary.inSync)}</span> in sync
        </li>
        <li className="rounded-lg bg-surface-muted p-2">
          <span className="block text-2xl font-bold">{n(data.summary.needsSync)}</span> need sync
        </li>
        <li className="rounded-lg bg-surface-muted p-2">
          <span className="block text-2xl font-bold">{n(data.summary.conflicts)}</span> conflicts
        </li>
      </ul>
      {conflicts.length > 0 && (
        <>
          <h3 className="font-bold">Conflicting devices</h3>
          <ul aria-label="Conflicting devices" className="grid gap-1">
            {conflicts.map((c) => (
              <li key={c.deviceId} className="rounded-lg border border-destructive p-2">
                <span className="font-semibold">{c.deviceId}</span>: {c.detail}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** Compares local assignments with the external system and shows the summary. */
export function SyncCheck({ clientId, heading }: { clientId: number; heading?: ReactNode }) {
  const check = useCheckSyncStatus();
  const once = useSingleFlight();
  const run = () =>
    once(() =>
      check.mutateAsync(clientId, {
        onError: (error) =>
          toast({
            title: 'Sync Check Failed',
            description: errorMessage(error, 'Sync Check Failed'),
            variant: 'destructive',
          }),
      }),
    );
  return (
    <section aria-label="Sync with the external system" className="grid gap-3">
      <div className="flex items-start justify-between gap-3">
        {heading}
        <Button variant="outline" disabled={check.isPending} onClick={run} className="shrink-0">
          <RefreshCw aria-hidden className={check.isPending ? 'size-5 animate-spin' : 'size-5'} />
          {check.isPending ? 'Checking...' : 'Sync Check'}
        </Button>
      </div>
      {check.isError && (
        <Card role="alert" className="grid gap-1">
          <h2 className="text-lg font-bold text-destructive">Sync Check Failed</h2>
          <p>{errorMessage(check.error, 'Please try again.')}</p>
        </Card>
      )}
      {check.data && <SyncSummary data={check.data} />}
    </section>
  );
}
