import { CAMPAIGN_MESSAGES, FORCE_NOTE_MIN, type CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useReviewBus, type ReviewAction } from '../../api/supervisor-review-bus.ts';
import { OnlineButton } from './online-button.tsx';

type Mode = 'force' | 'reject' | 'reopen';

const FORMS: Record<Mode, { field: string; submit: string; done: (fleet: string) => string }> = {
  force: {
    field: 'Note',
    submit: 'Accept with exceptions',
    done: (f) => `Bus ${f} accepted with exceptions`,
  },
  reject: { field: 'Reason', submit: 'Reject', done: (f) => `Bus ${f} sent back` },
  reopen: { field: 'Reason', submit: 'Reopen', done: (f) => `Bus ${f} reopened` },
};

/** The rule of each form's text, in the design's words (the server holds the same). */
function problemOf(mode: Mode, text: string): string | null {
  const value = text.trim();
  if (mode === 'force') return value.length >= FORCE_NOTE_MIN ? null : CAMPAIGN_MESSAGES.forceNoteShort;
  return value ? null : CAMPAIGN_MESSAGES.reasonRequired;
}

type ReviewActionsProps = {
  bus: CampaignBusDetail;
  /** The version the supervisor opened: a stale one is refused (409 BUS_CHANGED). */
  version: number;
  onDone: () => void;
};

/** Accept, accept with exceptions (a note), reject (a reason); reopen an accepted bus (a reason). */
export function ReviewActions({ bus, version, onDone }: ReviewActionsProps) {
  const review = useReviewBus(bus.campaignId, bus.id);
  const [mode, setMode] = useState<Mode | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  const send = (action: ReviewAction, done: string) =>
    review.mutate(action, {
      onSuccess: () => {
        toast({ title: done });
        onDone();
      },
    });
  const open = (next: Mode) => {
    setMode(next);
    setText('');
    setProblem(null);
    review.reset();
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (mode === null) return;
    const found = problemOf(mode, text);
    setProblem(found);
    if (found) return;
    const value = text.trim();
    const action: ReviewAction =
      mode === 'force' ? { kind: 'force', version, note: value } : { kind: mode, version, reason: value };
    send(action, FORMS[mode].done(bus.fleetNumber));
  };

  const ready = bus.state === 'ready_for_review';
  const accepted = bus.state === 'accepted';
  return (
    <div className="grid gap-3">
      {!ready && !accepted && <p>{CAMPAIGN_MESSAGES.notReady(bus.fleetNumber)}</p>}
      <div className="flex flex-wrap gap-2">
        {ready && (
          <>
            <OnlineButton
              disabled={review.isPending}
              onClick={() => {
                setMode(null);
                send({ kind: 'accept', version }, `Bus ${bus.fleetNumber} accepted`);
              }}
            >
              Accept
            </OnlineButton>
            <Button variant="outline" onClick={() => open('force')}>
              Accept with exceptions…
            </Button>
            <Button variant="outline" onClick={() => open('reject')}>
              Reject…
            </Button>
          </>
        )}
        {accepted && (
          <Button variant="outline" onClick={() => open('reopen')}>
            Reopen…
          </Button>
        )}
      </div>
      {mode !== null && (
        <form noValidate onSubmit={submit} className="grid gap-2 rounded-lg border-2 border-border p-3">
          <Label htmlFor={fieldId}>{FORMS[mode].field}</Label>
          <Textarea
            id={fieldId}
            value={text}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${fieldId}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <FieldError id={`${fieldId}-error`} message={problem ?? undefined} />
          <div className="flex flex-wrap gap-2">
            <OnlineButton
              type="submit"
              variant={mode === 'force' ? 'primary' : 'destructive'}
              disabled={review.isPending}
            >
              {FORMS[mode].submit}
            </OnlineButton>
            <Button variant="outline" onClick={() => setMode(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {review.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(review.error)}
        </p>
      )}
    </div>
  );
}
