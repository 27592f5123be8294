import { describe, expect, it } from 'vitest';
import { afterFirstPaint, NO_PAINT_FALLBACK_MS, type PaintClock } from './first-paint.ts';

/** A page's clock driven by hand: frames, tasks and the browser's paint entries. */
function fakeClock({ paintTiming = true, paintedAlready = false } = {}) {
  let painted = paintedAlready;
  let onPaint: (() => void) | null = null;
  const frames: (() => void)[] = [];
  const tasks: { next: () => void; ms: number }[] = [];
  const clock: PaintClock = {
    painted: () => painted,
    observe: (callback) => {
      if (!paintTiming) return null;
      onPaint = callback;
      return () => (onPaint = null);
    },
    frame: (next) => void frames.push(next),
    later: (next, ms) => void tasks.push({ next, ms }),
  };
  return {
    clock,
    frame: () => frames.splice(0).forEach((f) => f()),
    /** Runs the tasks due within `ms`, as a timer queue would. */
    tasks: (ms: number) => tasks.splice(0).forEach((t) => (t.ms <= ms ? t.next() : tasks.push(t))),
    paint: () => {
      painted = true;
      onPaint?.();
    },
  };
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not for the first frame, and runs once', () => {
    const page = fakeClock();
    let runs = 0;
    afterFirstPaint(() => (runs += 1), page.clock);
    page.frame();
    page.tasks(0);
    // The frame is drawn but not yet on the screen: the app does not start in between.
    expect(runs).toBe(0);
    page.paint();
    page.tasks(0);
    expect(runs).toBe(1);
    // The fallback after the frame finds it done.
    page.tasks(NO_PAINT_FALLBACK_MS);
    expect(runs).toBe(1);
  });

  it('starts at once when the page has already painted', () => {
    const page = fakeClock({ paintedAlready: true });
    let runs = 0;
    afterFirstPaint(() => (runs += 1), page.clock);
    page.tasks(0);
    expect(runs).toBe(1);
  });

  it('does not wait for ever on a page that paints nothing, nor where paint timing is missing', () => {
    const silent = fakeClock();
    let runs = 0;
    afterFirstPaint(() => (runs += 1), silent.clock);
    silent.frame();
    silent.tasks(NO_PAINT_FALLBACK_MS);
    expect(runs).toBe(1);

    const old = fakeClock({ paintTiming: false });
    afterFirstPaint(() => (runs += 1), old.clock);
    old.frame();
    old.tasks(0);
    expect(runs).toBe(2);
  });
});
