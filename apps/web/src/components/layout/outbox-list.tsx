import { useState } from 'react';
import {
  discard,
  isStale,
  overrideConflict,
  retry,
  sendableNow,
  sendNow,
  type OutboxEntry,
} from '../../lib/outbox/outbox.ts';
import { pluralize } from '../../lib/pluralize.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', hour12: false });

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting to be sent',
  refused: 'Refused by the server',
  conflict: 'Changed meanwhile by someone else',
};

function EntryRow({ entry }: { entry: OutboxEntry }) {
  // The age when the list was opened.
  const [openedAt] = useState(() => Date.now());
  const stale = isStale(entry, openedAt);
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <p className="font-semibold break-words">{entry.label}</p>
      <p className="text-sm text-muted-foreground">
        {when(entry.createdAt)} · {STATE_TEXT[entry.state]}
        {entry.attempts > 0 && entry.state === 'waiting'
          ? ` (tried ${pluralize(entry.attempts, 'time')})`
          : ''}
      </p>
      {stale && <p className="text-sm font-semibold text-warning">Waiting for more than a day.</p>}
      {entry.owner && !sendableNow(entry) && (
        <p className="text-sm font-semibold">
          Made by {entry.owner.name}: sent when they sign in on this phone.
        </p>
      )}
      {entry.error && <p className="text-sm text-destructive">{entry.error}</p>}
      {entry.state === 'conflict' && (
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={() => void discard(entry.id)}>
            Keep the current one
          </Button>
          <Button variant="outline" onClick={() => void overrideConflict(entry.id)}>
            Apply mine anyway
          </Button>
        </div>
      )}
      {entry.state === 'refused' && (
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={() => void retry(entry.id)}>
            Retry
          </Button>
          <Button variant="outline" onClick={() => void discard(entry.id)}>
            Discard
          </Button>
        </div>
      )}
    </li>
  );
}

/** The list of what waits (issue 14), loaded when the installer opens it (decision 027). */
export function OutboxDialog({
  entries,
  open,
  onOpenChange,
}: {
  entries: readonly OutboxEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Waiting to be sent"
        description={`${pluralize(entries.length, 'change')} saved on this device. Each is sent once the connection allows.`}
      >
        <ul aria-label="Unsent changes" className="grid gap-2">
          {entries.map((e) => (
            <EntryRow key={e.id} entry={e} />
          ))}
        </ul>
        <Button className="mt-3 w-full" onClick={() => void sendNow()}>
          Send now
        </Button>
      </DialogContent>
    </Dialog>
  );
}
