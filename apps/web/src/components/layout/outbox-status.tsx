import { CloudOff, CloudUpload, TriangleAlert } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { lazyModule, useLazyModule, intentHandlers } from '../../lib/lazy-module.ts';
import { currentEntries, isStale, noEntriesYet, shownEntries, subscribe } from '../../lib/outbox/outbox.ts';
import { afterLoadWhenIdle } from '../../lib/when-idle.ts';
import { Button } from '../ui/button.tsx';

const outboxList = lazyModule(() => import('./outbox-list.tsx'));

/**
 * What this phone still has to send (issue 14): nothing when all is sent; otherwise the count in
 * the header (waiting is not failing: no red unless the server refused something), opening the
 * list with what, when and its state. The list's code (a dialog) is not on the first load: it is
 * fetched once the page is idle (the list matters most without signal), or when the count is touched.
 */
export function OutboxStatus() {
  // One line for each thing the installer did (a note and its log entry are one).
  const entries = shownEntries(useSyncExternalStore(subscribe, currentEntries, noEntriesYet));
  const [open, setOpen] = useState(false);
  const [list, preload] = useLazyModule(outboxList);
  useEffect(() => afterLoadWhenIdle(preload), [preload]);
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
    <>
      <Button
        variant={alarm ? 'outline' : 'ghost'}
        size="md"
        className="shrink-0 px-2"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...intentHandlers(preload)}
        onClick={() => {
          preload();
          setOpen(true);
        }}
      >
        {/* On a phone the words are read, not shown: with them the header is wider than the
            screen (beside 'Back to Clients' and the menu) and the whole page zooms out. */}
        <Icon aria-hidden className="size-5" /> {count}{' '}
        <span className="sr-only sm:not-sr-only">{words}</span>
      </Button>
      {list && <list.OutboxDialog entries={entries} open={open} onOpenChange={setOpen} />}
    </>
  );
}
