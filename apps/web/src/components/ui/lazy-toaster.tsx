import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasRaisedToast, subscribeToasts } from '../../lib/toast-store.ts';

const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));

/** Loads the Radix toast code when the first toast is raised, keeping it off the first page load. */
export function LazyToaster() {
  const raised = useSyncExternalStore(subscribeToasts, hasRaisedToast, hasRaisedToast);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
