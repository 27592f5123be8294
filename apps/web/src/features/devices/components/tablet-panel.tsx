import type { Device, TabletOperation, TabletOperationResponse } from '@toolkit/contracts/devices.ts';
import { NotAvailableNote } from '../../../components/feedback/not-available-note.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { usePlatform } from '../api/get-platform.ts';
import { useRunTabletOperation } from '../api/run-tablet-operation.ts';
import { useSingleFlight } from '../hooks/use-single-flight.ts';
import { errorMessage, isNetworkError } from '../../../lib/api-error.ts';
import { CommandOffline, useCommandSender } from './command-offline.tsx';
import { Field } from './device-fields.tsx';
import { SoftwarePicker } from './software-picker.tsx';

const TABLET_OPERATION_LABELS: Record<TabletOperation, string> = {
  'query-mdt': 'Query MDT',
  'publish-conf': 'Publish Configuration',
  'upload-rider-profiles': 'Upload Rider Profiles',
  'software-update': 'Software Update',
  'addon-install': 'Install Additional Software',
  'reload-configuration': 'Reload Configuration',
  'reload-card-database': 'Reload Card Database',
};

const SIMPLE_OPERATIONS: TabletOperation[] = [
  'query-mdt',
  'publish-conf',
  'upload-rider-profiles',
  'reload-configuration',
  'reload-card-database',
];

/** The tablet was offline: the command waits for it and runs when it reconnects (not a failure). */
function isQueued(data: TabletOperationResponse): boolean {
  return !data.success && data.result.response.trim().toUpperCase() === 'QUEUED';
}

function resultHeading(data: TabletOperationResponse, label: string): string {
  if (data.success) return `${label}: done`;
  return isQueued(data) ? `${label}: queued until the tablet reconnects` : 'Operation Failed';
}

/**
 * Tablet operations (§7), or, when the platform has none (Traccar), a note saying so with one
 * line why: never a failure.
 */
export function TabletPanel({ device }: { device: Device }) {
  const tablet = usePlatform().data?.capabilities.tabletOperations;
  if (tablet && !tablet.available) return <NotAvailableNote capability={tablet} />;
  return <TabletOperations device={device} />;
}

/** Each operation shows command, message and response, or 'Operation Failed'. */
function TabletOperations({ device }: { device: Device }) {
  const operation = useRunTabletOperation(device.deviceId);
  const once = useSingleFlight();
  const sender = useCommandSender();
  const run = (op: TabletOperation, softwareVersion?: string) => {
    const input = softwareVersion === undefined ? { operation: op } : { operation: op, softwareVersion };
    const label = `${TABLET_OPERATION_LABELS[op]}${softwareVersion ? ` ${softwareVersion}` : ''} on ${device.deviceId}`;
    once(() =>
      sender
        .attempt({ deviceId: device.deviceId, label, route: 'tablet-operation', body: input }, () =>
          operation.mutateAsync(input),
        )
        .catch((error: unknown) => {
          if (!isNetworkError(error))
            toast({
              title: 'Operation Failed',
              description: errorMessage(error, 'Operation Failed'),
              variant: 'destructive',
            });
        }),
    );
  };
  const label = operation.variables ? TABLET_OPERATION_LABELS[operation.variables.operation] : '';
  const data = operation.data;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2 min-[400px]:grid-cols-2">
        {SIMPLE_OPERATIONS.map((op) => (
          <Button key={op} variant="outline" disabled={operation.isPending} onClick={() => run(op)}>
            {TABLET_OPERATION_LABELS[op]}
          </Button>
        ))}
      </div>
      <CommandOffline sender={sender} what="tablet operations" />
      <div aria-live="polite">
        {operation.isPending && <p role="status">Running {label}...</p>}
        {operation.isError && !sender.offer && (
          <div role="alert" className="rounded-lg border-2 border-destructive p-3">
            <p className="font-bold text-destructive">Operation Failed</p>
            <p>{errorMessage(operation.error, 'Operation Failed')}</p>
          </div>
        )}
        {data && (
          <section aria-label="Operation result" className="grid gap-2 rounded-lg border-2 border-border p-3">
            <p className="text-lg font-bold">{resultHeading(data, label)}</p>
            <p>{data.result.message || data.message}</p>
            {!isQueued(data) && data.result.response !== '' && (
              <dl>
                <Field label="Tablet's reply">
                  <span className="font-mono break-words">{data.result.response}</span>
                </Field>
              </dl>
            )}
          </section>
        )}
      </div>
      <SoftwarePicker
        type="production"
        disabled={operation.isPending}
        onInstall={(v) => run('software-update', v)}
      />
      <SoftwarePicker
        type="addon"
        disabled={operation.isPending}
        onInstall={(v) => run('addon-install', v)}
      />
    </div>
  );
}
