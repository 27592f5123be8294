import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { PhotoCaptureDialog } from '../../records/index.ts';
import { PhotoImage } from './photo-image.tsx';

/**
 * The installation record's dialogs, loaded when the installer reaches for a photo or the camera
 * (decision 027): the capture dialog of the Vehicles screen, and a photo at full size.
 */
export function PhotoCaptureModal({
  vehicle,
  onClose,
  onSaved,
}: {
  vehicle: { id: number; vehicleId: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <PhotoCaptureDialog vehicle={vehicle} onDone={onSaved} />
    </Dialog>
  );
}

export function PhotoViewer({
  title,
  description,
  url,
  alt,
  onClose,
}: {
  title: string;
  description: ReactNode;
  url: string;
  alt: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description} className="max-w-3xl">
        <PhotoImage url={url} alt={alt} className="w-full rounded-lg object-contain" />
      </DialogContent>
    </Dialog>
  );
}
