import { CAMPAIGN_MESSAGES, type BusItem } from '@toolkit/contracts/campaigns.ts';
import { useId, useState, type SubmitEventHandler } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { useSubmitBus } from '../../api/submit-bus.ts';
import { sayBusChange } from '../../utils/bus-change.ts';

type SubmitPanelProps = {
  bus: BusRef;
  /** The required items neither done nor not applicable, in checklist order. */
  missing: readonly BusItem[];
};

/**
 * "Submit for review". With something missing it lists it ("Bus 1207 is missing: Connectivity test,
 * After photo") and asks a reason for each, or the installer goes back to the checklist.
 */
export function SubmitPanel({ bus, missing }: SubmitPanelProps) {
  const id = useId();
  const submit = useSubmitBus();
  const [open, setOpen] = useState(false);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = (exceptions: Record<string, string>) => {
    setError(null);
    submit.mutate(
      { bus, exceptions },
      {
        onSuccess: (result) => {
          sayBusChange(result);
          setOpen(false);
        },
        onError: (e) => setError(readableError(e)),
      },
    );
  };
  const reasonOf = (key: string) => (reasons[key] ?? '').trim();
  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    setTried(true);
    if (missing.some((item) => reasonOf(item.key) === '')) return;
    send(Object.fromEntries(missing.map((item) => [item.key, reasonOf(item.key)])));
  };
  const errorLine = error !== null && (
    <p role="alert" className="font-semibold break-words text-destructive">
      {error}
    </p>
  );
  if (!open || missing.length === 0)
    return (
      <div className="grid gap-2">
        {errorLine}
        <Button
          size="lg"
          disabled={submit.isPending}
          onClick={() => (missing.length === 0 ? send({}) : setOpen(true))}
        >
          Submit for review
        </Button>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border-2 border-border p-3">
      <p role="status" className="font-semibold break-words">
        {CAMPAIGN_MESSAGES.missing(
          bus.fleetNumber,
          missing.map((i) => i.label),
        )}
      </p>
      <p className="text-muted-foreground">Give a reason for each, or go back and finish them.</p>
      {missing.map((item) => {
        const empty = tried && reasonOf(item.key) === '';
        return (
          <div key={item.key} className="grid gap-1">
            <Label htmlFor={`${id}-${item.key}`}>Reason for {item.label}</Label>
            <Textarea
              id={`${id}-${item.key}`}
              value={reasons[item.key] ?? ''}
              onChange={(e) => setReasons((r) => ({ ...r, [item.key]: e.target.value }))}
              aria-invalid={empty}
              aria-describedby={empty ? `${id}-${item.key}-error` : undefined}
              className="min-h-16"
            />
            <FieldError
              id={`${id}-${item.key}-error`}
              message={empty ? CAMPAIGN_MESSAGES.reasonRequired : undefined}
            />
          </div>
        );
      })}
      {errorLine}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submit.isPending}>
          Submit with reasons
        </Button>
        <Button variant="outline" onClick={() => setOpen(false)}>
          Go back
        </Button>
      </div>
    </form>
  );
}
