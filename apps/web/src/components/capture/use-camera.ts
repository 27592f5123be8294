import { PHOTO_IDEAL_HEIGHT, PHOTO_IDEAL_WIDTH } from '@toolkit/contracts/constants.ts';
import { useEffect, useRef, useState } from 'react';

interface CameraProblem {
  title: string;
  description: string;
}

/** §8 camera messages. */
const CAMERA_PROBLEMS = {
  notAvailable: {
    title: 'Camera Not Available',
    description: 'This browser or device cannot open a camera.',
  },
  denied: {
    title: 'Camera Permission Denied',
    description: 'Allow camera access for this site in the browser settings, then try again.',
  },
  noCamera: { title: 'No Camera Found', description: 'No camera was found on this device.' },
  inUse: {
    title: 'Camera In Use',
    description: 'The camera is being used by another app. Close it and try again.',
  },
  display: { title: 'Display Error', description: 'The camera picture could not be shown.' },
  generic: { title: 'Camera Error', description: 'Unable to access camera. Please check permissions.' },
} as const satisfies Record<string, CameraProblem>;

function cameraSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'mediaDevices' in navigator &&
    typeof navigator.mediaDevices.getUserMedia === 'function'
  );
}

function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return CAMERA_PROBLEMS.denied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return CAMERA_PROBLEMS.noCamera;
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError')
    return CAMERA_PROBLEMS.inUse;
  return CAMERA_PROBLEMS.generic;
}

/** §9: rear camera preferred, ideally 1920x1080. */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: PHOTO_IDEAL_WIDTH },
    height: { ideal: PHOTO_IDEAL_HEIGHT },
  },
};

type CameraState = { status: 'starting' } | { status: 'ready' } | { status: 'error'; problem: CameraProblem };

/** The dialog shows the problem in place of the picture; no toast repeats it. */
function fail(problem: CameraProblem): CameraState {
  return { status: 'error', problem };
}

/** Opens the rear camera into a <video> while the calling component is mounted. */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(() =>
    cameraSupported() ? { status: 'starting' } : { status: 'error', problem: CAMERA_PROBLEMS.notAvailable },
  );

  useEffect(() => {
    if (!cameraSupported()) return;
    const run = { cancelled: false };
    // A function, not the flag itself: the flag changes while a promise is awaited.
    const cancelled = () => run.cancelled;
    let stream: MediaStream | null = null;
    const stop = (s: MediaStream) => s.getTracks().forEach((t) => t.stop());
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      async (opened) => {
        if (cancelled()) return stop(opened);
        stream = opened;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = opened;
        try {
          await video.play();
          if (!cancelled()) setState({ status: 'ready' });
        } catch (error) {
          // A play() interrupted by closing the dialog is no error.
          if (!cancelled() && !(error instanceof DOMException && error.name === 'AbortError'))
            setState(fail(CAMERA_PROBLEMS.display));
        }
      },
      (error: unknown) => {
        if (!cancelled()) setState(fail(cameraProblem(error)));
      },
    );
    return () => {
      run.cancelled = true;
      if (stream) stop(stream);
    };
  }, []);

  return { videoRef, state };
}
