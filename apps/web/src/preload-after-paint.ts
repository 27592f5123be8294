/**
 * A prerendered page (login.html, vehicles.html, ...) names its screen's chunks in a meta element
 * instead of preload links, so that nothing but its stylesheet loads before it paints (decision 026).
 * Its inline loader preloads the first of them with the entry once the page has painted, and leaves
 * the rest in the meta element (decision 061); the entry preloads those as it starts the app.
 */
export const AFTER_PAINT_META = 'toolkit:preload-after-paint';

const CHUNK = /^\/assets\/[\w.~-]+\.js$/;

/**
 * Links added per task. Each one starts its request at once, which costs the main thread about half
 * a millisecond on a fast machine: fifty in one task block a slow phone for over 100 ms (a long task
 * that counts against the page's responsiveness). In groups of eight, the requests all start within
 * a few milliseconds and input is never kept waiting (decision 031).
 */
export const PRELOADS_PER_TASK = 8;

type Schedule = (next: () => void) => void;
const nextTask: Schedule = (next) => void setTimeout(next, 0);

export function preloadAfterPaint(doc: Document = document, schedule: Schedule = nextTask): void {
  const meta = doc.querySelector(`meta[name="${AFTER_PAINT_META}"]`);
  const hrefs = (meta?.getAttribute('content') ?? '').split(' ').filter((href) => CHUNK.test(href));
  const append = (from: number) => {
    for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
    if (from + PRELOADS_PER_TASK < hrefs.length) schedule(() => append(from + PRELOADS_PER_TASK));
  };
  append(0);
}
