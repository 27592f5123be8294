import { createPortal } from 'react-dom';
import type { TargetRect } from '../hooks/use-target-rect.ts';

const PAD = 4;

/** A ring around the control a step is about, above the dialog's backdrop and below the dialog. */
export function TourHighlight({ rect }: { rect: TargetRect }) {
  return createPortal(
    <div
      aria-hidden
      data-tour-highlight=""
      className="pointer-events-none fixed z-[45] rounded-xl ring-4 ring-focus ring-offset-2 ring-offset-background"
      style={{
        top: rect.top - PAD,
        left: rect.left - PAD,
        width: rect.width + 2 * PAD,
        height: rect.height + 2 * PAD,
      }}
    />,
    document.body,
  );
}
