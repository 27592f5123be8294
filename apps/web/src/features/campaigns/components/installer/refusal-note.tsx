import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { discard, type OutboxEntry } from '../../../../lib/outbox/outbox.ts';

/**
 * A write the server refused when it was sent later: its words, on what it was about (the change
 * it made on this phone is no longer shown). Dismiss gives the kept write up.
 */
export function RefusalNote({ entry }: { entry: OutboxEntry }) {
  if (entry.state === 'waiting') return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 text-destructive">
      <TriangleAlert aria-hidden className="size-5 shrink-0" />
      <span className="min-w-0 flex-1 font-semibold break-words">
        {entry.error ?? 'The server refused this change.'}
      </span>
      <Button variant="outline" onClick={() => void discard(entry.id)}>
        Dismiss
      </Button>
    </div>
  );
}
