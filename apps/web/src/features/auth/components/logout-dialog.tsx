import type { OutboxEntry } from '../../../lib/outbox/outbox.ts';
import { AlertDialog } from 'radix-ui';
import { Button } from '../../../components/ui/button.tsx';

type LogoutDialogProps = {
  /** The unsent changes; null when the dialog is closed. */
  entries: readonly OutboxEntry[] | null;
  onCancel: () => void;
  onDiscard: () => void;
  discarding: boolean;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', hour12: false });

/** Before a logout that would lose changes never sent (issue 14): what they are, Cancel or discard. */
export function LogoutDialog({ entries, onCancel, onDiscard, discarding }: LogoutDialogProps) {
  const count = entries?.length ?? 0;
  return (
    <AlertDialog.Root open={entries !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-5 text-foreground shadow-xl">
          <AlertDialog.Title className="text-xl font-bold">
            {count === 1 ? '1 change not sent yet' : `${String(count)} changes not sent yet`}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-base">
            {count === 1 ? 'This change is' : 'These changes are'} saved only on this phone and
            {count === 1 ? ' has' : ' have'} not reached the server. Signing out deletes{' '}
            {count === 1 ? 'it' : 'them'}. Cancel and wait for a connection to send{' '}
            {count === 1 ? 'it' : 'them'}.
          </AlertDialog.Description>
          <ul aria-label="Changes not sent" className="mt-3 grid gap-2">
            {entries?.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-border p-2">
                <p className="font-semibold break-words">{entry.label}</p>
                <p className="text-sm text-muted-foreground">{when(entry.createdAt)}</p>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={discarding} onClick={onDiscard}>
              Sign out and discard
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
