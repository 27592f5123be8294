import { Camera } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { useLazyDialog } from '../../../lib/lazy-module.ts';
import { usePhotos } from '../../records/index.ts';
import { PhotoCard } from './photo-card.tsx';
import { photoDialogs } from './photo-dialogs-loader.ts';
import { PendingPhotos } from './pending-record.tsx';
import { RecordList } from './record-list.tsx';

/** Photo capture (the Vehicles screen's dialog) and the vehicle's photos as thumbnails. */
export function PhotoSection({ vehicle }: { vehicle: { id: number; vehicleId: string } }) {
  const capture = useLazyDialog(photoDialogs);
  const photos = usePhotos(vehicle.id);
  // The outbox refreshes the photos when the server has the new one (decision 044).
  const onSaved = () => capture.close();

  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Photos{photos.data ? ` (${String(photos.data.length)})` : ''}</CardTitle>
        <Button {...capture.trigger}>
          <Camera aria-hidden className="size-5" /> Take Photo
        </Button>
      </div>
      <PendingPhotos vehicleId={vehicle.id} />
      <RecordList query={photos} noun="photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {(photo) => <PhotoCard key={photo.id} photo={photo} />}
      </RecordList>
      {capture.loaded && (
        <capture.loaded.PhotoCaptureModal vehicle={vehicle} onClose={capture.close} onSaved={onSaved} />
      )}
    </Card>
  );
}
