import { CAMPAIGN_MESSAGES, type CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { useId, useState, type SyntheticEvent } from 'react';
import { Textarea } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useMarkBusItem, type ItemMark } from '../../api/supervisor-set-item.ts';
import { OnlineButton } from './online-button.tsx';

/**
 * The supervisor's "not applicable", on whichever item of the bus, with a reason (asked before anything is
 * sent; the server refuses none the same, 422 REASON_REQUIRED), and taken back. Online only.
 */
export function ItemMarks({ bus }: { bus: CampaignBusDetail }) {
  const id = useId();
  const mark = useMarkBusItem(bus.campaignId, bus.id);
  const open = bus.items.filter((i) => i.state !== 'na');
  const marked = bus.items.filter((i) => i.state === 'na');
  const [key, setKey] = useState(open[0]?.key ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = open.find((i) => i.key === key) ?? open[0];

  const send = (next: ItemMark, label: string) =>
    mark.mutate(next, {
      onSuccess: () => {
        setReason('');
        toast({
          title:
            next.state === 'na'
              ? `${label} is not applicable on bus ${bus.fleetNumber}`
              : `${label} applies again on bus ${bus.fleetNumber}`,
        });
      },
    });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const note = reason.trim();
    setProblem(note ? null : CAMPAIGN_MESSAGES.reasonRequired);
    if (note) send({ key: chosen.key, state: 'na', note }, chosen.label);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="font-bold">
        Not applicable
      </h3>
      {marked.length > 0 && (
        <ul className="grid gap-2">
          {marked.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center gap-2">
              <span>
                {item.label}
                {item.evidence.tick?.note && (
                  <span className="text-muted-foreground"> · {item.evidence.tick.note}</span>
                )}
              </span>
              <OnlineButton
                variant="outline"
                disabled={mark.isPending}
                aria-label={`${item.label} applies again`}
                onClick={() => send({ key: item.key, state: 'todo' }, item.label)}
              >
                Applies again
              </OnlineButton>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <form noValidate onSubmit={submit} className="grid gap-2 rounded-lg border-2 border-border p-3">
          <Label htmlFor={`${id}-item`}>Item</Label>
          <select
            id={`${id}-item`}
            className="min-h-11 rounded-md border border-border bg-surface px-2"
            value={chosen.key}
            onChange={(e) => setKey(e.target.value)}
          >
            {open.map((item) => (
              <option key={item.key} value={item.key}>
                {item.label}
              </option>
            ))}
          </select>
          <Label htmlFor={`${id}-reason`}>Why it does not apply</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError id={`${id}-reason-error`} message={problem ?? undefined} />
          <OnlineButton type="submit" variant="outline" disabled={mark.isPending}>
            Mark not applicable
          </OnlineButton>
        </form>
      )}
      {mark.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(mark.error)}
        </p>
      )}
    </section>
  );
}
