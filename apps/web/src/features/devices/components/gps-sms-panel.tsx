import {
  DEVICE_MESSAGES,
  isSmsPhoneValid,
  type Device,
  type SmsCommand,
} from '@toolkit/contracts/devices.ts';
import { MessageSquare, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { usePlatform } from '../api/get-platform.ts';
import { useSendSms } from '../api/send-sms.ts';
import { useSingleFlight } from '../hooks/use-single-flight.ts';
import { errorMessage, isNetworkError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../utils/last-seen.ts';
import { CommandOffline, useCommandSender } from './command-offline.tsx';
import { ConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.ts';
import { R0Checks } from './r0-checks.tsx';

/** SMS commands to a GPS unit: '!R0' status report and '!R3,20,0' reboot (§7). */
export function GpsSmsPanel({ device }: { device: Device }) {
  const sms = useSendSms(device.deviceId);

  const [confirmReboot, setConfirmReboot] = useState(false);
  const once = useSingleFlight();
  const sender = useCommandSender();
  // A platform that captures no replies (Traccar) says so instead of "no reply": asked only then.
  const replies = usePlatform(Boolean(sms.data && !sms.data.reply)).data?.capabilities.smsReplies;

  if (device.type !== 'GPS' || !device.phone) {
    return (
      <div role="status" className="rounded-lg bg-surface-muted p-3">
        <p className="font-semibold">{DEVICE_MESSAGES.smsNotAvailable}</p>
        <p className="text-muted-foreground">SMS commands need a GPS unit with a phone number.</p>
      </div>
    );
  }
  if (!isSmsPhoneValid(device.phone)) {
    return (
      <div role="status" className="rounded-lg bg-surface-muted p-3">
        <p className="font-semibold">{DEVICE_MESSAGES.invalidPhone}</p>
        <p className="text-muted-foreground">The phone number {device.phone} has fewer than 10 digits.</p>
      </div>
    );
  }

  const send = (command: SmsCommand) => {
    setConfirmReboot(false);
    once(() =>
      sender
        .attempt(
          {
            deviceId: device.deviceId,
            label: `${command} to ${device.deviceId}`,
            route: 'sms',
            body: { command },
          },
          () => sms.mutateAsync(command),
        )
        .catch((error: unknown) => {
          if (!isNetworkError(error))
            toast({
              title: 'SMS Failed',
              description: errorMessage(error, 'SMS failed'),
              variant: 'destructive',
            });
        }),
    );
  };

  const data = sms.data;
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground">Commands are sent by SMS to {device.phone}.</p>
      <div className="grid gap-2 min-[400px]:grid-cols-2">
        <Button disabled={sms.isPending} onClick={() => send('!R0')}>
          <MessageSquare aria-hidden className="size-5" />
          Status Report (!R0)
        </Button>
        <Button variant="outline" disabled={sms.isPending} onClick={() => setConfirmReboot(true)}>
          <RotateCcw aria-hidden className="size-5" />
          Reboot (!R3,20,0)
        </Button>
      </div>
      <CommandOffline sender={sender} what="SMS commands" />
      {sms.isPending && <p role="status">Sending {sms.variables}...</p>}
      {sms.isError && !sender.offer && (
        <p role="alert" className="font-semibold text-destructive">
          {errorMessage(sms.error, 'SMS failed')}
        </p>
      )}
      {data && (
        <section aria-label="SMS reply" className="grid gap-3">
          <p role="status" className="font-semibold">
            {data.command}: {data.message}
          </p>
          <p className="text-sm text-muted-foreground">
            Sent {formatDateTime(data.sentAt)}
            {data.repliedAt && ` · replied ${formatDateTime(data.repliedAt)}`}
          </p>
          {data.reply ? (
            <pre className="overflow-x-auto rounded-lg bg-surface-muted p-3 text-sm whitespace-pre-wrap">
              {data.reply}
            </pre>
          ) : replies && !replies.available ? (
            <p>{replies.reason}</p>
          ) : (
            <p>No reply: the unit may be off or out of coverage.</p>
          )}
          {data.command === '!R0' && data.reply && <R0Checks reply={data.reply} />}
        </section>
      )}
      <ConfirmDialog
        open={confirmReboot}
        onOpenChange={setConfirmReboot}
        title="Reboot GPS Unit?"
        description={`Send !R3,20,0 to ${device.deviceId}? The unit restarts in about 20 seconds and stops reporting meanwhile.`}
        confirmLabel="Reboot"
        onConfirm={() => send('!R3,20,0')}
      />
    </div>
  );
}
