import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/button.tsx';

/** Registers the service worker and offers to reload when a new version is waiting. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border-2 border-primary bg-surface p-4 shadow-lg"
    >
      <p className="flex-1 font-semibold">Update available: a new version of the app is ready.</p>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button onClick={() => void updateServiceWorker(true)}>Reload</Button>
      </div>
    </div>
  );
}
