import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { isNetworkError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { queueCommand, type DeviceCommand } from '../api/queue-command.ts';

/** What the queued-command toast and the notice say. */
const COMMAND_QUEUED = 'Command saved on this device — it will be sent when online';

/**
 * Commands reach a unit through the fleet platform, so they need a connection (issue 14). Without
 * one, a command is not tried: the panel says so and offers to keep it for later, by choice.
 * `attempt` runs a command now, or (offline, or when the request got no answer) offers to queue it.
 */
export function useCommandSender() {
  const online = useOnlineStatus();
  const [offer, setOffer] = useState<DeviceCommand | null>(null);
  const attempt = (command: DeviceCommand, send: () => Promise<unknown>) => {
    if (!navigator.onLine) {
      setOffer(command);
      return Promise.resolve();
    }
    setOffer(null);
    return send().catch((error: unknown) => {
      if (isNetworkError(error)) setOffer(command);
      throw error;
    });
  };
  const queue = async () => {
    if (!offer) return;
    await queueCommand(offer);
    toast({ title: 'Command queued', description: COMMAND_QUEUED });
    setOffer(null);
  };
  return { online, offer, attempt, queue, cancel: () => setOffer(null) };
}

type Sender = ReturnType<typeof useCommandSender>;

/** The notice while offline, and the choice to queue a command that could not go. */
export function CommandOffline({ sender, what }: { sender: Sender; what: string }) {
  const { online, offer } = sender;
  if (online && !offer) return null;
  return (
    <div role="status" className="grid gap-3 rounded-lg border-2 border-warning p-3">
      <p className="flex items-center gap-2 font-semibold">
        <CloudOff aria-hidden className="size-5 shrink-0" />
        {offer ? `${offer.label}: not sent, no connection` : `No connection: ${what} need the network`}
      </p>
      <p className="text-muted-foreground">
        {offer
          ? 'Keep it on this device and send it when the connection returns, or cancel.'
          : 'A command can be kept on this device and sent when the connection returns.'}
      </p>
      {offer && (
        <div className="grid grid-cols-2 gap-2">
          <Button onClick={() => void sender.queue()}>Queue for when online</Button>
          <Button variant="outline" onClick={sender.cancel}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
