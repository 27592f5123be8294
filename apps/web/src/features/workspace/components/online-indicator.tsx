import { Wifi, WifiOff } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';

/** Online/Offline from the browser's connectivity, live (§2 workspace). */
export function OnlineIndicator() {
  const online = useOnlineStatus();
  return (
    <Badge role="status" tone={online ? 'success' : 'destructive'} className="gap-1">
      {online ? <Wifi aria-hidden className="size-4" /> : <WifiOff aria-hidden className="size-4" />}
      {online ? 'Online' : 'Offline'}
    </Badge>
  );
}
