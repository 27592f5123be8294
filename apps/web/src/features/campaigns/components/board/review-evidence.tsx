import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import { ImageOff } from 'lucide-react';
import { usePhotoImage, usePhotos } from '../../../records/index.ts';
import { shortTime } from './board-labels.ts';

function Thumb({ url, alt }: { url: string; alt: string }) {
  const image = usePhotoImage(url);
  if (image.data) return <img src={image.data} alt={alt} className="size-20 rounded-md object-cover" />;
  return (
    <span className="flex size-20 items-center justify-center rounded-md bg-surface-muted">
      {image.isError ? <ImageOff aria-hidden className="size-6" /> : null}
      <span className="sr-only">{image.isError ? `${alt} could not be loaded` : `Loading ${alt}`}</span>
    </span>
  );
}

/** One photo of the bus by its id, as a thumbnail (a blocker's photo), or nothing if it is not listed. */
export function BusPhoto({ vehicleId, photoId, alt }: { vehicleId: number; photoId: number; alt: string }) {
  const photos = usePhotos(vehicleId);
  const url = photos.data?.find((p) => p.id === photoId)?.thumbnailUrl;
  return url ? <Thumb url={url} alt={alt} /> : null;
}

/** What proves each derived item now: devices on the bus, the test and its time, photo thumbnails. */
export function ReviewEvidence({ vehicleId, items }: { vehicleId: number; items: readonly BusItem[] }) {
  const photos = usePhotos(vehicleId);
  const thumbOf = new Map((photos.data ?? []).map((p) => [p.id, p.thumbnailUrl]));
  // An empty list of devices or photos proves nothing: such an item has no heading of its own.
  const withEvidence = items.filter(
    ({ evidence: e }) =>
      Boolean(e.test ?? e.tick) || (e.devices?.length ?? 0) > 0 || (e.photos?.length ?? 0) > 0,
  );
  if (withEvidence.length === 0) return <p className="text-muted-foreground">No evidence yet.</p>;
  return (
    <ul className="grid gap-3">
      {withEvidence.map(({ key, label, evidence }) => (
        <li key={key}>
          <h4 className="font-semibold">{label}</h4>
          {evidence.devices?.map((d) => (
            <p key={d.deviceId} className="text-sm">
              Device {d.deviceId}
              {d.serial && ` · serial ${d.serial}`}
              {d.imei && ` · IMEI ${d.imei}`}
            </p>
          ))}
          {evidence.test && (
            <p className="text-sm">
              Test {evidence.test.result} · {shortTime(evidence.test.at)}
            </p>
          )}
          {evidence.tick && (
            <p className="text-sm">
              {evidence.tick.by.name} · {shortTime(evidence.tick.at)}
              {evidence.tick.note && ` · ${evidence.tick.note}`}
            </p>
          )}
          {evidence.photos && evidence.photos.length > 0 && (
            <div className="mt-1 flex flex-wrap gap-2">
              {evidence.photos.map((photo) => {
                const url = thumbOf.get(photo.id);
                const alt = `${label} photo, ${shortTime(photo.at)}`;
                return url ? (
                  <Thumb key={photo.id} url={url} alt={alt} />
                ) : (
                  <span key={photo.id} className="text-sm">
                    {alt}
                  </span>
                );
              })}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
