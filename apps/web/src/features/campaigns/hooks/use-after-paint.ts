import { useEffect, useState } from 'react';

/**
 * True once `ready` has held through a painted frame (and from then on): what waits for it is
 * rendered after the screen has shown what it has, in a task of its own, never in the same one. A
 * frame's callback runs just before its paint; a task queued from it runs after.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
