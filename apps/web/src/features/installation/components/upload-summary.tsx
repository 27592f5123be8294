import { useNotes } from '../api/get-notes.ts';
import { usePhotos } from '../api/get-photos.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';

/** How much of the record has reached Navigator (the fleet platform). Uploading is not built yet (§2). */
export function UploadSummary({ vehicleId }: { vehicleId: number }) {
  const photos = usePhotos(vehicleId).data ?? [];
  const notes = useNotes(vehicleId).data ?? [];
  const uploaded = (items: readonly { uploadedToNavigator: boolean }[]) =>
    items.filter((i) => i.uploadedToNavigator).length;
  return (
    <Card className="grid gap-3">
      <CardTitle>Upload Summary</CardTitle>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-muted-foreground">Photos uploaded</dt>
          <dd className="text-lg font-semibold">
            {uploaded(photos)} of {photos.length}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Notes uploaded</dt>
          <dd className="text-lg font-semibold">
            {uploaded(notes)} of {notes.length}
          </dd>
        </div>
      </dl>
      <Button disabled aria-describedby="upload-coming-soon">
        Upload to Navigator
      </Button>
      <p id="upload-coming-soon" className="text-muted-foreground">
        Coming soon: uploading to Navigator is not available yet.
      </p>
    </Card>
  );
}
