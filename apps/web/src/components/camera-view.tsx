import { CameraOff } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

/** Why the camera cannot be used, shown in place of the picture (no toast repeats it). */
export function CameraProblemAlert({
  problem,
  children,
}: {
  problem: { title: string; description: string };
  /** What the person can do instead. */
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-2 rounded-lg border-2 border-destructive p-4 text-center"
    >
      <CameraOff aria-hidden className="size-8 text-destructive" />
      <p className="text-lg font-bold">{problem.title}</p>
      <p>{problem.description}</p>
      {children}
    </div>
  );
}

/** The camera's live picture in a black frame; `children` draw over it or stand in its place. */
export function CameraViewport({
  videoRef,
  hidden = false,
  children,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Hides the live picture (a captured frame is shown instead). */
  hidden?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden rounded-lg bg-black">
      <video
        ref={videoRef}
        hidden={hidden}
        className="aspect-video w-full object-cover"
        muted
        playsInline
        aria-label="Camera view"
      />
      {children}
    </div>
  );
}
