/**
 * Runs `run` when the browser is idle (at the latest after `timeoutMs`); where there is no
 * requestIdleCallback (Safari), after a short delay. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeoutMs = 5000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeoutMs, 1000));
  return () => clearTimeout(id);
}

/** As whenIdle, once the page has loaded. */
export function afterLoadWhenIdle(run: () => void, timeoutMs = 5000): () => void {
  if (document.readyState === 'complete') return whenIdle(run, timeoutMs);
  let cancel = () => window.removeEventListener('load', onLoad);
  function onLoad() {
    cancel = whenIdle(run, timeoutMs);
  }
  window.addEventListener('load', onLoad, { once: true });
  return () => cancel();
}
