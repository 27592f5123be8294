import { PendingMark } from '../../../components/feedback/pending-mark.tsx';
import { PHOTO_TYPE_LABELS } from '../../../lib/record-labels.ts';
import { usePendingLogEntries, usePendingPhotos } from '../../records/index.ts';
import { logTime } from '../utils/log-groups.ts';

/**
 * What was recorded on this phone for a vehicle the server does not have yet (decision 045): its
 * log entries (notes from here and from Add Notes) and its photos, each marked as waiting.
 */
export function WaitingRecords({ vehicleId }: { vehicleId: number }) {
  const entries = usePendingLogEntries(vehicleId);
  const photos = usePendingPhotos(vehicleId);
  if (entries.length === 0 && photos.length === 0) return null;
  return (
    <section aria-label="Waiting to be sent" className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <h3 className="font-semibold">Waiting to be sent</h3>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
        {entries.map(({ entry, body }) => (
          <li
            key={entry.id}
            className="grid grid-cols-[minmax(0,1fr)] gap-1 rounded-lg border-2 border-dashed border-border px-3 py-2"
          >
            <div className="flex flex-wrap items-center gap-2">
              <time dateTime={entry.createdAt} className="font-mono font-semibold">
                {logTime(entry.createdAt)}
              </time>
              <span className="rounded-full bg-surface-muted px-2.5 py-0.5 text-sm font-semibold">
                {body.action}
              </span>
            </div>
            {body.details && <p className="text-sm break-words whitespace-pre-wrap">{body.details}</p>}
            <PendingMark state={entry.state} />
          </li>
        ))}
        {photos.map(({ entry, body }) => {
          const type = PHOTO_TYPE_LABELS[body.photoType];
          return (
            <li
              key={entry.id}
              className="grid grid-cols-[5rem_minmax(0,1fr)] gap-3 rounded-lg border-2 border-dashed border-border p-2"
            >
              <img
                src={body.thumbnailData ?? body.photoData}
                alt={`${type} photo thumbnail, not sent yet`}
                className="aspect-square w-20 rounded object-cover"
              />
              <div className="grid content-start gap-1 text-sm">
                <p>
                  <span className="font-semibold">{type} photo</span>{' '}
                  <span className="font-mono text-muted-foreground">{logTime(entry.createdAt)}</span>
                </p>
                {body.description && <p className="break-words">{body.description}</p>}
                <PendingMark state={entry.state} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
