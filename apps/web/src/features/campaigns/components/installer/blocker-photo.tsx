import { Camera, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { CameraProblemAlert, CameraViewport } from '../../../../components/camera-view.tsx';
import { useCamera } from '../../../../components/capture/use-camera.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { captureFrame, captureThumbnail } from '../../../../lib/scanner/capture-frame.ts';
import type { BlockerPicture } from '../../api/block-bus.ts';

/** The rear camera, live, until a picture is taken (the photo flow's capture, §4). */
function Capture({ onTaken, onCancel }: { onTaken: (p: BlockerPicture) => void; onCancel: () => void }) {
  const { videoRef, state } = useCamera();
  const [failed, setFailed] = useState(false);
  const take = () => {
    const video = videoRef.current;
    const data = video ? captureFrame(video) : null;
    if (!video || !data) return setFailed(true);
    onTaken({ data, thumbnail: captureThumbnail(video) });
  };
  return (
    <div className="grid gap-2">
      {state.status === 'error' ? (
        <CameraProblemAlert problem={state.problem}>
          <p>You can report the blocker without a photo.</p>
        </CameraProblemAlert>
      ) : (
        <>
          <CameraViewport videoRef={videoRef} />
          <Button onClick={take} disabled={state.status !== 'ready'}>
            <Camera aria-hidden className="size-5" />
            {state.status === 'ready' ? 'Take photo' : 'Starting camera...'}
          </Button>
        </>
      )}
      {failed && (
        <p role="alert" className="font-semibold text-destructive">
          The picture could not be taken. Please try again.
        </p>
      )}
      <Button variant="outline" onClick={onCancel}>
        No photo
      </Button>
    </div>
  );
}

type BlockerPhotoProps = {
  picture: BlockerPicture | null;
  onChange: (picture: BlockerPicture | null) => void;
};

/**
 * The blocker's optional photo: taken with the rear camera, shown with Retake and Remove; it is
 * saved as the bus's photo of type "Issue" when the blocker is reported.
 */
export function BlockerPhoto({ picture, onChange }: BlockerPhotoProps) {
  const [taking, setTaking] = useState(false);
  if (taking)
    return (
      <Capture
        onTaken={(p) => {
          onChange(p);
          setTaking(false);
        }}
        onCancel={() => setTaking(false)}
      />
    );
  if (picture === null)
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setTaking(true)}>
        <Camera aria-hidden className="size-5" />
        Add a photo
      </Button>
    );
  return (
    <div className="grid gap-2">
      <img
        src={picture.thumbnail ?? picture.data}
        alt="Photo of the blocker"
        className="max-h-48 w-full rounded-lg object-contain"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setTaking(true)}>
          <RotateCcw aria-hidden className="size-5" />
          Retake
        </Button>
        <Button variant="outline" onClick={() => onChange(null)}>
          <X aria-hidden className="size-5" />
          Remove photo
        </Button>
      </div>
    </div>
  );
}
