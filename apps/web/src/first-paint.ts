/**
 * When the page's first content is on the screen: the browser's own first-contentful-paint entry,
 * which it records once the frame is presented. One animation frame is not that: the frame's
 * pixels reach the screen later (much later on a slow phone, or with software compositing), and
 * work started in between, such as the app's chunk requests, competes with that first paint
 * (decision 055).
 */
export interface PaintClock {
  /** Whether the first contentful paint has been recorded. */
  painted(): boolean;
  /** Calls back on each paint entry; returns how to stop. Null without paint timing. */
  observe(onPaint: () => void): (() => void) | null;
  /** The next frame. */
  frame(next: () => void): void;
  /** A task after `ms`. */
  later(next: () => void, ms: number): void;
}

/** A page that never paints content (or a browser without paint timing) starts this long after its first frame. */
export const NO_PAINT_FALLBACK_MS = 300;

const browserClock: PaintClock = {
  painted: () => performance.getEntriesByName('first-contentful-paint').length > 0,
  observe(onPaint) {
    // Where paint entries are unknown the observer sees none: the fallback after the frame starts.
    if (typeof PerformanceObserver === 'undefined') return null;
    const observer = new PerformanceObserver(onPaint);
    observer.observe({ type: 'paint', buffered: true });
    return () => observer.disconnect();
  },
  frame: requestAnimationFrame.bind(window),
  later: (next, ms) => void setTimeout(next, ms),
};

/** Runs `run` once, in a task of its own, after the page's first contentful paint. */
export function afterFirstPaint(run: () => void, clock: PaintClock = browserClock): void {
  let done = false;
  let stop: (() => void) | null = null;
  const once = () => {
    if (done) return;
    done = true;
    stop?.();
    run();
  };
  if (clock.painted()) return clock.later(once, 0);
  stop = clock.observe(() => {
    if (clock.painted()) clock.later(once, 0);
  });
  clock.frame(() => clock.later(once, stop === null ? 0 : NO_PAINT_FALLBACK_MS));
}
