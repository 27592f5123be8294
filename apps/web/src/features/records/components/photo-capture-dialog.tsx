import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePhotoInputSchema, PHOTO_MESSAGES, PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import { Camera, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CameraProblemAlert, CameraViewport } from '../../../components/camera-view.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useCreatePhoto } from '../api/create-photo.ts';
import { useCamera } from '../../../components/capture/use-camera.ts';
import { captureFrame, captureThumbnail } from '../../../lib/scanner/capture-frame.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { PHOTO_TYPE_LABELS } from '../../../lib/record-labels.ts';

/** The fields the installer fills after the capture: the contract's type (required) and description. */
const PhotoFormSchema = CreatePhotoInputSchema.pick({ description: true }).extend({
  // The select starts empty (''): the contract's enum refuses it with 'Photo type is required'.
  photoType: z.string().pipe(CreatePhotoInputSchema.shape.photoType),
});
type PhotoFormInput = z.input<typeof PhotoFormSchema>;
type PhotoFormOutput = z.output<typeof PhotoFormSchema>;

const CAPTURE_FAILED = {
  title: 'Capture Failed',
  description: 'The picture could not be taken. Please try again.',
};

/** Add Picture (§4 photo flow): camera, capture, preview with Retake, save with a type. */
export function PhotoCaptureDialog({
  vehicle,
  onDone,
}: {
  /** A vehicle made without signal has its local id: the outbox holds the photo (decision 043). */
  vehicle: { id: number; vehicleId: string };
  onDone: () => void;
}) {
  const id = useId();
  const { videoRef, state } = useCamera();
  const [preview, setPreview] = useState<string | null>(null);
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const form = useForm<PhotoFormInput, unknown, PhotoFormOutput>({
    resolver: zodResolver(PhotoFormSchema),
    defaultValues: { photoType: '', description: '' },
  });
  const typeError = form.formState.errors.photoType?.message;
  const save = useCreatePhoto();

  const onCapture = () => {
    const video = videoRef.current;
    const data = video ? captureFrame(video) : null;
    if (!video || !data) return toast({ ...CAPTURE_FAILED, variant: 'destructive' });
    setPreview(data);
    setThumbnail(captureThumbnail(video));
  };

  const onSave = form.handleSubmit(({ photoType, description }) => {
    if (!preview) return;
    save.mutate(
      {
        vehicleId: vehicle.id,
        photoData: preview,
        thumbnailData: thumbnail,
        photoType,
        description,
        deviceId: null,
      },
      {
        onSuccess: (result) => {
          toast({
            title: 'Photo Saved',
            description:
              result.status === 'queued'
                ? SAVED_OFFLINE
                : `${PHOTO_TYPE_LABELS[photoType]} photo saved for ${vehicle.vehicleId}.`,
          });
          onDone();
        },
        onError: () =>
          toast({
            title: PHOTO_MESSAGES.saveFailed,
            description: 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <DialogContent title="Add Picture" description={`Installation photo for ${vehicle.vehicleId}.`}>
      {state.status === 'error' ? (
        <CameraProblemAlert problem={state.problem} />
      ) : (
        <div className="grid gap-3">
          <CameraViewport videoRef={videoRef} hidden={preview !== null}>
            {preview !== null && (
              <img
                src={preview}
                alt="Captured photo preview"
                className="aspect-video w-full object-contain"
              />
            )}
          </CameraViewport>
          {preview === null ? (
            <Button size="lg" onClick={onCapture} disabled={state.status !== 'ready'}>
              <Camera aria-hidden className="size-5" />{' '}
              {state.status === 'ready' ? 'Capture' : 'Starting camera...'}
            </Button>
          ) : (
            <form noValidate onSubmit={(event) => void onSave(event)} className="grid gap-3">
              <div>
                <Label id={`${id}-type-label`}>Photo type</Label>
                <Controller
                  control={form.control}
                  name="photoType"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger
                        className="mt-1"
                        aria-labelledby={`${id}-type-label`}
                        aria-invalid={typeError !== undefined}
                        aria-describedby={typeError ? `${id}-type-error` : undefined}
                        placeholder="Choose a type"
                      />
                      <SelectContent>
                        {PHOTO_TYPES.map((t) => (
                          <SelectItem key={t} value={t}>
                            {PHOTO_TYPE_LABELS[t]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
                <FieldError id={`${id}-type-error`} message={typeError} />
              </div>
              <div>
                <Label htmlFor={`${id}-description`}>Description (optional)</Label>
                <Input id={`${id}-description`} {...form.register('description')} className="mt-1" />
              </div>
              <div className="grid grid-cols-2 gap-2">
                <Button variant="outline" onClick={() => setPreview(null)} disabled={save.isPending}>
                  <RotateCcw aria-hidden className="size-5" /> Retake
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save'}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </DialogContent>
  );
}
