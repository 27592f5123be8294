import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import { useId, useState } from 'react';
import { DictationButton } from '../../../../components/capture/dictation-button.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import type { OutboxEntry } from '../../../../lib/outbox/outbox.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { useSetBusItem } from '../../api/set-bus-item.ts';
import { sayBusChange } from '../../utils/bus-change.ts';
import { ItemEvidence } from './item-evidence.tsx';
import { ItemStateBadge } from './item-state.tsx';
import { RefusalNote } from './refusal-note.tsx';
import { WaitingMark } from './waiting-mark.tsx';

type ManualItemProps = {
  bus: BusRef;
  /** The item as this phone shows it: a tick waiting to be sent already applied. */
  item: BusItem;
  /** Its latest tick kept on this phone (waiting, or refused by the server). */
  kept: OutboxEntry | undefined;
  /** The installer may not tick it (the bus is someone else's, or accepted). */
  locked: boolean;
};

/** A check the installer ticks: a big checkbox (the whole row is the target) with an optional note. */
export function ManualItem({ bus, item, kept, locked }: ManualItemProps) {
  const id = useId();
  const setItem = useSetBusItem();
  const [error, setError] = useState<string | null>(null);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState(item.evidence.tick?.note ?? '');
  const waiting = kept?.state === 'waiting';
  // What the installer just chose, shown at once (a controlled box would flick back until the
  // write is kept); it gives way to the item as shown once that says the same, or the write failed.
  const [intent, setIntent] = useState<'done' | 'todo' | null>(null);
  if (intent !== null && intent === item.state) setIntent(null);
  const checked = (intent ?? item.state) === 'done';
  const send = (state: 'done' | 'todo') => {
    setError(null);
    setIntent(state);
    setItem.mutate(
      { bus, key: item.key, label: item.label, state, note: note.trim() === '' ? null : note.trim() },
      {
        onError: (e) => {
          setIntent(null);
          setError(readableError(e));
        },
        onSuccess: (result) => {
          sayBusChange(result);
          setNoteOpen(false);
          // Kept on the phone: the waiting tick now shows it.
          if (result.status === 'queued') setIntent(null);
        },
      },
    );
  };
  return (
    <div className="grid gap-1 py-1">
      <div className="flex flex-wrap items-center gap-x-3">
        <label
          htmlFor={`${id}-tick`}
          className="flex min-h-12 min-w-0 flex-1 cursor-pointer items-center gap-3"
        >
          <input
            id={`${id}-tick`}
            type="checkbox"
            className="size-7 shrink-0 accent-primary"
            checked={checked}
            disabled={locked || item.state === 'na'}
            onChange={(e) => send(e.target.checked ? 'done' : 'todo')}
          />
          <span className="font-semibold break-words">{item.label}</span>
          {!item.required && <span className="text-sm text-muted-foreground">(optional)</span>}
        </label>
        {item.state === 'na' && <ItemStateBadge state="na" />}
        {waiting && <WaitingMark />}
      </div>
      <ItemEvidence item={item} />
      {kept !== undefined && <RefusalNote entry={kept} />}
      {error !== null && (
        <p role="alert" className="font-semibold break-words text-destructive">
          {error}
        </p>
      )}
      {!locked && !noteOpen && (
        <Button
          variant="ghost"
          className="justify-self-start"
          onClick={() => setNoteOpen(true)}
          aria-label={`${item.evidence.tick?.note ? 'Edit note' : 'Add a note'} for ${item.label}`}
        >
          {item.evidence.tick?.note ? 'Edit note' : 'Add a note'}
        </Button>
      )}
      {!locked && noteOpen && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>Note for {item.label} (optional)</Label>
          <Textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <DictationButton
              onPhrase={(p) => setNote((n) => (n.trim() === '' ? p : `${n.trimEnd()} ${p}`))}
            />
            <Button onClick={() => send(checked ? 'done' : 'todo')} disabled={setItem.isPending}>
              Save note
            </Button>
            <Button variant="outline" onClick={() => setNoteOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
