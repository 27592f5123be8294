import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PhotoCaptureDialog } from '../../vehicles/index.ts';
import { usePhotos } from '../api/get-photos.ts';
import { invalidateRecord } from '../api/invalidate-record.ts';
import { PhotoCard } from './photo-card.tsx';
import { PendingPhotos } from './pending-record.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';

/** Photo capture (the Vehicles screen's dialog) and the vehicle's photos as thumbnails. */
export function PhotoSection({ vehicle }: { vehicle: { id: number; vehicleId: string } }) {
  const [capturing, setCapturing] = useState(false);
  const photos = usePhotos(vehicle.id);
  const photosPhase = queryPhase(photos);
  const queryClient = useQueryClient();

  const onSaved = () => {
    setCapturing(false);
    void invalidateRecord(queryClient, vehicle.id, 'photos');
  };

  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Photos{photos.data ? ` (${String(photos.data.length)})` : ''}</CardTitle>
        <Button onClick={() => setCapturing(true)}>
          <Camera aria-hidden className="size-5" /> Take Photo
        </Button>
      </div>
      <PendingPhotos vehicleId={vehicle.id} />
      {photosPhase === 'loading' && <p>Loading photos...</p>}
      {photosPhase === 'offline' && <NothingSavedState variant="inline" noun="photos" query={photos} />}
      {photosPhase === 'error' && (
        <p role="alert">Photos could not be loaded. Check the connection and try again.</p>
      )}
      <SavedCopyNotice query={photos} what="photos" className="mb-0" />
      {photos.data?.length === 0 && <p className="text-muted-foreground">No photos yet.</p>}
      {photos.data && photos.data.length > 0 && (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.data.map((photo) => (
            <PhotoCard key={photo.id} photo={photo} />
          ))}
        </ul>
      )}
      <Dialog open={capturing} onOpenChange={setCapturing}>
        {capturing && <PhotoCaptureDialog vehicle={vehicle} onDone={onSaved} />}
      </Dialog>
    </Card>
  );
}
