import type { CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { useUnblockBus } from '../../api/unblock-bus.ts';
import type { BlockerWrite } from '../../hooks/use-bus-pending.ts';
import { sayBusChange } from '../../utils/bus-change.ts';
import { blockerText, formatWhen } from '../../utils/format.ts';
import { BlockerForm } from './blocker-form.tsx';
import { RefusalNote } from './refusal-note.tsx';
import { WaitingMark } from './waiting-mark.tsx';

type BlockerPanelProps = {
  bus: BusRef;
  /** The bus's vehicle (a blocker's photo is saved on it). */
  vehicleId: number;
  blocked: CampaignBusDetail['blocked'];
  /** The latest blocker write kept on this phone: shown ahead of the server while it waits. */
  kept: BlockerWrite | null;
  locked: boolean;
};

/** The bus's blocker (reported, cleared, or waiting to sync), "Clear blocker" and "Report a blocker". */
export function BlockerPanel({ bus, vehicleId, blocked, kept, locked }: BlockerPanelProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unblock = useUnblockBus();
  const waiting = kept !== null && kept.entry.state === 'waiting' ? kept : null;
  const shown = waiting === null ? blocked : waiting.report;
  const clear = () => {
    setError(null);
    unblock.mutate(bus, { onSuccess: sayBusChange, onError: (e) => setError(readableError(e)) });
  };
  return (
    <section aria-label="Blocker" className="grid gap-2">
      {shown !== null && (
        <div className="grid gap-1 rounded-lg border-2 border-warning p-3">
          <p className="flex items-start gap-2 font-semibold">
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
            <span className="break-words">Blocked: {blockerText(shown)}</span>
          </p>
          {waiting === null && blocked !== null && (
            <p className="text-sm text-muted-foreground">
              By {blocked.by.name}, {formatWhen(blocked.at)}
            </p>
          )}
          {waiting !== null && <WaitingMark />}
          {!locked && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={clear}
              disabled={unblock.isPending}
            >
              Clear blocker
            </Button>
          )}
        </div>
      )}
      {shown === null && waiting !== null && (
        <p className="flex flex-wrap items-center gap-2">
          Blocker cleared <WaitingMark />
        </p>
      )}
      {kept !== null && <RefusalNote entry={kept.entry} />}
      {error !== null && (
        <p role="alert" className="font-semibold break-words text-destructive">
          {error}
        </p>
      )}
      {!locked && !open && (
        <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
          Report a blocker
        </Button>
      )}
      {!locked && open && <BlockerForm bus={bus} vehicleId={vehicleId} onDone={() => setOpen(false)} />}
    </section>
  );
}
