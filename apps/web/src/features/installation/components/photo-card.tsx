import type { Photo } from '@toolkit/contracts/photos.ts';
import { useLazyDialog } from '../../../lib/lazy-module.ts';
import { toast } from '../../../lib/toast-store.ts';
import { PHOTO_TYPE_LABELS } from '../../../lib/record-labels.ts';
import { useDeletePhoto } from '../../records/index.ts';
import { formatTakenAt } from '../utils/format.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { DeleteRecord } from './delete-record.tsx';
import { photoDialogs } from './photo-dialogs-loader.ts';
import { PhotoImage } from './photo-image.tsx';

/** One photo: thumbnail with type, device and time; tap for full size; delete after a confirmation. */
export function PhotoCard({ photo }: { photo: Photo }) {
  const remove = useDeletePhoto(photo.vehicleId);
  const label = `${PHOTO_TYPE_LABELS[photo.photoType]} photo`;
  const taken = formatTakenAt(photo.takenAt);
  const viewer = useLazyDialog(photoDialogs);

  const onDelete = (close: () => void) =>
    remove.mutate(photo.id, {
      onSuccess: (result) => {
        close();
        toast({
          title: 'Photo Deleted',
          description: result.status === 'queued' ? SAVED_OFFLINE : `${label} from ${taken} deleted.`,
        });
      },
      onError: () =>
        toast({ title: 'Delete Failed', description: 'Failed to delete photo', variant: 'destructive' }),
    });

  return (
    <li className="overflow-hidden rounded-lg border border-border bg-surface">
      <button
        type="button"
        className="block w-full"
        aria-label={`Open ${label} from ${taken}`}
        {...viewer.trigger}
      >
        <PhotoImage
          url={photo.thumbnailUrl}
          alt={`${label} thumbnail`}
          className="aspect-video w-full object-cover"
        />
      </button>
      {viewer.loaded && (
        <viewer.loaded.PhotoViewer
          title={label}
          description={photo.description ?? taken}
          url={photo.photoUrl}
          alt={`${label}, full size`}
          onClose={viewer.close}
        />
      )}
      <div className="flex items-start justify-between gap-2 p-2">
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{PHOTO_TYPE_LABELS[photo.photoType]}</p>
          {photo.deviceId && <p className="break-words">Device {photo.deviceId}</p>}
          {photo.description && <p className="break-words text-muted-foreground">{photo.description}</p>}
          <p className="text-muted-foreground">{taken}</p>
        </div>
        <DeleteRecord
          noun="photo"
          label={label}
          time={taken}
          pending={remove.isPending}
          onDelete={onDelete}
        />
      </div>
    </li>
  );
}
