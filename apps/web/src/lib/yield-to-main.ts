/**
 * Gives the main thread back to the browser: what follows runs in a task of its own, after any
 * input that waits (a tap, a keystroke). `scheduler.yield` where the browser has it (it resumes
 * ahead of other queued work), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler: unknown = Reflect.get(globalThis, 'scheduler');
  if (typeof scheduler === 'object' && scheduler !== null && 'yield' in scheduler) {
    const next: unknown = Reflect.apply(scheduler.yield as () => unknown, scheduler, []);
    if (next instanceof Promise) return next.then(() => undefined);
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
