import { useMemo } from 'react';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useNow } from '../../../lib/use-now.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import { useLogs } from '../../records/index.ts';
import { actionTone, groupLogs, logTime, type ActionTone } from '../utils/log-groups.ts';
import { NoteForm } from './note-form.tsx';
import { WaitingForVehicle } from './waiting-for-vehicle.tsx';
import { WaitingRecords } from './waiting-records.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';

/** §4 action colours: assignment primary, test green, note grey, export and e-mail blue. */
const TONE_CLASSES: Readonly<Record<ActionTone, string>> = {
  primary: 'bg-primary text-primary-foreground',
  green: 'border border-success text-success',
  grey: 'bg-surface-muted text-foreground',
  blue: 'border border-blue-700 text-blue-700 dark:border-blue-300 dark:text-blue-300',
};

/**
 * The vehicle's installation log, grouped by day, with an 'Installation Note' form. A vehicle made
 * without signal has no log on the server yet: what was recorded for it waits here (decision 045).
 */
export function InstallationLog({ vehicle }: { vehicle: VehicleListItem }) {
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <CardTitle>Installation log</CardTitle>
      {/* The same form either way: a note being typed stays when the vehicle reaches the server. */}
      <NoteForm vehicleId={vehicle.id} />
      {vehicle.pendingSync ? (
        <>
          <WaitingForVehicle>
            its log shows once it is there. Notes added now are saved on this device and sent after it.
          </WaitingForVehicle>
          <WaitingRecords vehicleId={vehicle.id} />
        </>
      ) : (
        <ServerLog vehicleId={vehicle.id} />
      )}
    </Card>
  );
}

function ServerLog({ vehicleId }: { vehicleId: number }) {
  const logs = useLogs(vehicleId);
  const phase = queryPhase(logs);
  const now = useNow();
  const groups = useMemo(() => groupLogs(logs.data ?? [], new Date(now)), [logs.data, now]);
  return (
    <>
      <SavedCopyNotice query={logs} what="log" className="mb-0" />
      {phase === 'offline' ? (
        <NothingSavedState variant="inline" noun="log" query={logs} />
      ) : phase === 'loading' ? (
        <LoadingState label="Loading the log" rows={2} rowClassName="h-16" />
      ) : phase === 'error' ? (
        <ErrorState
          variant="inline"
          title="The log could not be loaded."
          onRetry={() => void logs.refetch()}
          retrying={logs.isFetching}
        />
      ) : groups.length === 0 ? (
        <p className="text-muted-foreground">Nothing logged for this vehicle yet.</p>
      ) : (
        groups.map((group) => (
          <section
            key={group.label}
            aria-label={group.label}
            className="grid grid-cols-[minmax(0,1fr)] gap-2"
          >
            <h3 className="font-semibold">{group.label}</h3>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
              {group.entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid grid-cols-[minmax(0,1fr)] gap-1 rounded-lg border border-border px-3 py-2"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <time dateTime={entry.timestamp} className="font-mono font-semibold">
                      {logTime(entry.timestamp)}
                    </time>
                    <span
                      className={cn(
                        'rounded-full px-2.5 py-0.5 text-sm font-semibold',
                        TONE_CLASSES[actionTone(entry.action)],
                      )}
                    >
                      {entry.action}
                    </span>
                    {entry.deviceId && <span className="text-sm break-all">{entry.deviceId}</span>}
                  </div>
                  {entry.details && <p className="text-sm break-words">{entry.details}</p>}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
