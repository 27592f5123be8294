import { Component, lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { hasRaisedToast, subscribeToasts } from '../../lib/toast-store.ts';
import { afterLoadWhenIdle } from '../../lib/when-idle.ts';

const noToastYet = () => false;
const loadToaster = () => import('./toaster.tsx');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/**
 * Keeps a failed load of the toast code from taking the app down (offline before it was ever
 * loaded, with no service worker yet): toasts are then not shown, the screen goes on.
 */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Loads the Radix toast code when the first toast is raised, keeping it off the first page load;
 * it is fetched anyway once the page is idle, so that a toast raised later without signal has it.
 */
export function LazyToaster() {
  // No toast in a prerendered page: one raised before the app hydrates it shows just after.
  const raised = useSyncExternalStore(subscribeToasts, hasRaisedToast, noToastYet);
  useEffect(() => afterLoadWhenIdle(() => void loadToaster().catch(() => undefined)), []);
  if (!raised) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QuietBoundary>
  );
}
