import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../../lib/when-idle.ts';

const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt.tsx')).UpdatePrompt }));

/**
 * The service worker is registered (and its update prompt loaded) only once the first screen has
 * loaded and the browser is idle: installing it downloads the whole app for offline use, which must
 * not compete with the first screen's code and data on a slow connection.
 */
export function DeferredUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
