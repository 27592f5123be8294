import { CloudUpload, TriangleAlert } from 'lucide-react';
import type { OutboxEntry } from '../../lib/outbox/outbox.ts';

const TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Saved on this device — will be sent when online',
  refused: 'Not sent: refused by the server (see the pending list in the header)',
  conflict: 'Not sent: changed meanwhile by someone else (see the pending list in the header)',
};

/** Marks something shown before the server has it: waiting (calm), or refused / in conflict. */
export function PendingMark({ state }: { state: OutboxEntry['state'] }) {
  const Icon = state === 'waiting' ? CloudUpload : TriangleAlert;
  return (
    <p
      className={
        state === 'waiting'
          ? 'flex items-center gap-1 text-sm font-semibold text-muted-foreground'
          : 'flex items-center gap-1 text-sm font-semibold text-destructive'
      }
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {TEXT[state]}
    </p>
  );
}
