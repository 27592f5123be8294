import type { UploadItem, UploadState } from '@toolkit/contracts/navigator-uploads.ts';
import { CloudUpload } from 'lucide-react';
import { NotAvailableNote } from '../../../components/feedback/not-available-note.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { usePlatform } from '../../devices/index.ts';
import { useUploadItems } from '../../records/index.ts';
import { useNavigatorUpload } from '../hooks/use-navigator-upload.ts';

const STATE_LABELS: Readonly<Record<UploadState, string>> = {
  uploaded: 'Uploaded',
  pending: 'Pending',
  failed: 'Failed',
};
const STATE_TONES = { uploaded: 'success', pending: 'neutral', failed: 'destructive' } as const;

function UploadRow(props: { item: UploadItem; uploading: boolean; busy: boolean; onRetry: () => void }) {
  const { item } = props;
  return (
    <li className="flex items-start justify-between gap-2 rounded-lg border border-border p-2">
      <div className="min-w-0">
        <p className="break-words">{item.label}</p>
        {item.state === 'failed' && item.error && <p className="text-sm text-destructive">{item.error}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={props.uploading ? 'warning' : STATE_TONES[item.state]}>
          {props.uploading ? 'Uploading...' : STATE_LABELS[item.state]}
        </Badge>
        {item.state === 'failed' && (
          <Button
            variant="outline"
            disabled={props.busy}
            onClick={props.onRetry}
            aria-label={`Retry ${item.label}`}
          >
            Retry
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Upload Summary: each photo and note with its state; Upload to Navigator sends what is not there
 * yet. A platform without uploads (Traccar) says so with one line why, in place of it all (issue 32).
 */
export function UploadSummary({ vehicleId }: { vehicleId: number }) {
  const platform = usePlatform();
  const uploads = platform.data?.capabilities.uploads;
  return (
    <Card className="grid gap-3">
      <CardTitle>Upload Summary</CardTitle>
      {uploads && !uploads.available ? (
        <NotAvailableNote capability={uploads} />
      ) : (
        // Nothing is sent until the platform has said whether it takes uploads (its first load).
        <UploadItems vehicleId={vehicleId} platformKnown={!platform.isLoading} />
      )}
    </Card>
  );
}

function UploadItems({ vehicleId, platformKnown }: { vehicleId: number; platformKnown: boolean }) {
  const items = useUploadItems(vehicleId);
  const phase = queryPhase(items);
  const { current, run } = useNavigatorUpload(vehicleId);
  const list = items.data ?? [];
  const uploaded = list.filter((i) => i.state === 'uploaded').length;
  const waiting = list.filter((i) => i.state !== 'uploaded');
  const busy = current !== null || !platformKnown;
  return (
    <>
      {phase === 'offline' && <NothingSavedState variant="inline" noun="upload state" query={items} />}
      {phase === 'error' && <p role="alert">The upload state could not be loaded. Check the connection.</p>}
      <SavedCopyNotice query={items} what="upload state" className="mb-0" />
      <p>
        {uploaded} of {list.length} items uploaded to Navigator
      </p>
      <Button disabled={busy || waiting.length === 0} onClick={() => void run(waiting)}>
        <CloudUpload aria-hidden className="size-5" /> Upload to Navigator
      </Button>
      <p aria-live="polite" className="text-muted-foreground">
        {current
          ? `Uploading ${String(current.done + 1)} of ${String(current.total)}: ${current.item.label}`
          : ''}
      </p>
      {list.length > 0 && (
        <ul aria-label="Upload items" className="grid gap-2">
          {list.map((item) => (
            <UploadRow
              key={`${item.kind}-${String(item.id)}`}
              item={item}
              busy={busy}
              uploading={current?.item.kind === item.kind && current.item.id === item.id}
              onRetry={() => void run([item])}
            />
          ))}
        </ul>
      )}
    </>
  );
}
