/**
 * A prerendered page (login.html) names its screen's chunks in a meta element instead of preload
 * links, so that nothing but its stylesheet and the tiny entry loads before it paints; the entry
 * then preloads them, in parallel, as it starts the app (decision 026).
 */
export const AFTER_PAINT_META = 'toolkit:preload-after-paint';

const CHUNK = /^\/assets\/[\w.~-]+\.js$/;

export function preloadAfterPaint(doc: Document = document): void {
  const meta = doc.querySelector(`meta[name="${AFTER_PAINT_META}"]`);
  const hrefs = (meta?.getAttribute('content') ?? '').split(' ').filter((href) => CHUNK.test(href));
  for (const href of hrefs) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}
