import { ImageOff } from 'lucide-react';
import { usePhotoImage } from '../../records/index.ts';

/** A photo (or its thumbnail) loaded with the session's Bearer token and shown from a blob. */
export function PhotoImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const image = usePhotoImage(url);
  const src = image.data;
  // Offline the image waits for the network (images are not kept on the phone): no endless pulse.
  const offline = !src && image.fetchStatus === 'paused';
  if (image.isError || offline)
    return (
      <span className={`flex items-center justify-center bg-surface-muted ${className ?? ''}`}>
        <ImageOff aria-hidden className="size-6" />
        <span className="sr-only">{offline ? `${alt} loads when online` : `${alt} could not be loaded`}</span>
      </span>
    );
  if (!src) return <span aria-hidden className={`block animate-pulse bg-surface-muted ${className ?? ''}`} />;
  return <img src={src} alt={alt} className={className} />;
}
