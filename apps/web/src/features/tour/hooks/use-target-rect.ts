import { useEffect, useState } from 'react';

export interface TargetRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

function measure(selector: string): TargetRect | null {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

/** Where a control of the current screen is, kept up to date on resize and scroll; null if absent. */
export function useTargetRect(selector: string | undefined): TargetRect | null {
  const [found, setFound] = useState<{ selector: string; rect: TargetRect | null } | null>(null);
  useEffect(() => {
    if (!selector) return;
    const update = () => setFound({ selector, rect: measure(selector) });
    // Measured once the dialog has rendered, and again whenever the layout moves.
    const frame = requestAnimationFrame(update);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [selector]);
  return selector && found?.selector === selector ? found.rect : null;
}
