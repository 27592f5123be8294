import { CloudOff } from 'lucide-react';
import { useOnlineStatus } from '../../lib/use-online-status.ts';

/**
 * A bar at the top of every screen while the phone has no connection (issue 14): it comes and goes
 * with the browser's online and offline events. Calm, not an error: the work goes on.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-border bg-surface-muted px-3 py-2 text-sm font-semibold"
    >
      <CloudOff aria-hidden className="size-4 shrink-0" />
      <span>Offline: changes are saved on this phone and sent when the signal returns.</span>
    </div>
  );
}
