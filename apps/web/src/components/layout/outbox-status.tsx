import { CloudOff, CloudUpload, TriangleAlert } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import {
  currentEntries,
  discard,
  flush,
  OUTBOX_STALE_MS,
  overrideConflict,
  retry,
  sendableNow,
  subscribe,
  type OutboxEntry,
} from '../../lib/outbox/outbox.ts';
import { pluralize } from '../../lib/pluralize.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', hour12: false });

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting to be sent',
  refused: 'Refused by the server',
  conflict: 'Changed meanwhile by someone else',
};

const isStale = (entry: OutboxEntry, now: number) =>
  entry.state === 'waiting' && now - new Date(entry.createdAt).getTime() > OUTBOX_STALE_MS;

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

/**
 * What this phone still has to send (issue 14): nothing when all is sent; otherwise the count in
 * the header (waiting is not failing: no red unless the server refused something), opening the
 * list with what, when and its state.
 */
export function OutboxStatus() {
  const entries = useSyncExternalStore(subscribe, currentEntries);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  const refused = entries.filter((e) => e.state === 'refused').length;
  const conflicts = entries.filter((e) => e.state === 'conflict').length;
  // eslint-disable-next-line react-hooks/purity -- the age is read when the entries change
  const stale = entries.some((e) => isStale(e, Date.now()));
  const alarm = refused + conflicts > 0 || stale;
  const Icon = alarm ? TriangleAlert : navigator.onLine ? CloudUpload : CloudOff;
  // The count, then what it counts: '1 conflict to resolve', '2 changes refused', '7 waiting'.
  const [count, words] =
    conflicts > 0
      ? [conflicts, `${conflicts === 1 ? 'conflict' : 'conflicts'} to resolve`]
      : refused > 0
        ? [refused, `${refused === 1 ? 'change' : 'changes'} refused`]
        : [entries.length, 'waiting'];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={alarm ? 'outline' : 'ghost'} size="md" className="shrink-0 px-2">
          {/* On a phone the words are read, not shown: with them the header is wider than the
              screen (beside 'Back to Clients' and the menu) and the whole page zooms out. */}
          <Icon aria-hidden className="size-5" /> {count}{' '}
          <span className="sr-only sm:not-sr-only">{words}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Waiting to be sent"
        description={`${pluralize(entries.length, 'change')} saved on this device. Each is sent once the connection allows.`}
      >
        <ul aria-label="Unsent changes" className="grid gap-2">
          {entries.map((e) => (
            <EntryRow key={e.id} entry={e} />
          ))}
        </ul>
        <Button className="mt-3 w-full" onClick={() => void flush()}>
          Send now
        </Button>
      </DialogContent>
    </Dialog>
  );
}
