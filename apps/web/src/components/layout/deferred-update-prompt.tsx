import { lazy, Suspense, useEffect, useState } from 'react';

const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt.tsx')).UpdatePrompt }));

/** Calls `run` once the page has loaded and the browser is idle; returns a cancel function. */
function afterLoadAndIdle(run: () => void): () => void {
  let cancel: () => void = () => undefined;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 2000);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
  } else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}

/**
 * The service worker is registered (and its update prompt loaded) only once the first screen has
 * loaded and the browser is idle: installing it downloads the whole app for offline use, which must
 * not compete with the first screen's code and data on a slow connection.
 */
export function DeferredUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
