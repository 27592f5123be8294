import { PendingMark } from '../../../components/feedback/pending-mark.tsx';
import { NOTE_TYPE_LABELS, PHOTO_TYPE_LABELS } from '../../../lib/record-labels.ts';
import { usePendingNotes, usePendingPhotos } from '../../records/index.ts';
import { formatTakenAt } from '../utils/format.ts';

/** The vehicle's notes made on this phone that the server does not have yet, marked pending. */
export function PendingNotes({ vehicleId }: { vehicleId: number }) {
  const pending = usePendingNotes(vehicleId);
  if (pending.length === 0) return null;
  return (
    <ul aria-label="Notes waiting to be sent" className="grid gap-2">
      {pending.map(({ entry, body }) => (
        <li key={entry.id} className="grid gap-1 rounded-lg border-2 border-dashed border-border p-3">
          <p className="text-sm">
            <span className="font-semibold">{NOTE_TYPE_LABELS[body.noteType]}</span>{' '}
            <span className="text-muted-foreground">{formatTakenAt(entry.createdAt)}</span>
          </p>
          <p className="break-words whitespace-pre-wrap">{body.content}</p>
          <PendingMark state={entry.state} />
        </li>
      ))}
    </ul>
  );
}

/** The vehicle's photos taken on this phone that the server does not have yet, marked pending. */
export function PendingPhotos({ vehicleId }: { vehicleId: number }) {
  const pending = usePendingPhotos(vehicleId);
  if (pending.length === 0) return null;
  return (
    <ul aria-label="Photos waiting to be sent" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {pending.map(({ entry, body }) => {
        const label = `${PHOTO_TYPE_LABELS[body.photoType]} photo`;
        return (
          <li key={entry.id} className="overflow-hidden rounded-lg border-2 border-dashed border-border">
            <img
              src={body.thumbnailData ?? body.photoData}
              alt={`${label} thumbnail, not sent yet`}
              className="aspect-video w-full object-cover"
            />
            <div className="grid gap-1 p-2 text-sm">
              <p className="font-semibold">{PHOTO_TYPE_LABELS[body.photoType]}</p>
              {body.description && <p className="break-words text-muted-foreground">{body.description}</p>}
              <p className="text-muted-foreground">{formatTakenAt(entry.createdAt)}</p>
              <PendingMark state={entry.state} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
