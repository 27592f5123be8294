import {
  BLOCKER_CODES,
  BLOCKER_LABELS,
  CAMPAIGN_MESSAGES,
  type BlockerCode,
} from '@toolkit/contracts/campaigns.ts';
import { useId, useState, type SubmitEventHandler } from 'react';
import { DictationButton } from '../../../../components/capture/dictation-button.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import type { BusRef } from '../../api/bus-writes.ts';
import { useBlockBus, type BlockerPicture } from '../../api/block-bus.ts';
import { sayBusChange } from '../../utils/bus-change.ts';
import { BlockerPhoto } from './blocker-photo.tsx';

/** Said when Report blocker is pressed with no code chosen. */
export const CHOOSE_BLOCKER = 'Choose what blocks the bus.';

type BlockerFormProps = {
  bus: BusRef;
  /** The bus's vehicle: a photo of the blocker is saved on it. */
  vehicleId: number;
  onDone: () => void;
};

/**
 * "Report a blocker": what blocks the bus (one of the codes, big radio rows), a note ("Other" needs
 * one) and an optional photo.
 */
export function BlockerForm({ bus, vehicleId, onDone }: BlockerFormProps) {
  const id = useId();
  const block = useBlockBus();
  const [code, setCode] = useState<BlockerCode | null>(null);
  const [note, setNote] = useState('');
  const [picture, setPicture] = useState<BlockerPicture | null>(null);
  const [errors, setErrors] = useState<{ code?: string; note?: string; send?: string }>({});
  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    const text = note.trim();
    if (code === null) return setErrors({ code: CHOOSE_BLOCKER });
    if (code === 'other' && text === '') return setErrors({ note: CAMPAIGN_MESSAGES.otherNeedsNote });
    setErrors({});
    block.mutate(
      {
        bus,
        code,
        note: text === '' ? null : text,
        photo: picture === null ? null : { vehicleId, picture },
      },
      {
        onSuccess: (result) => {
          sayBusChange(result);
          onDone();
        },
        onError: (e) => setErrors({ send: readableError(e) }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Report a blocker
      </h3>
      <fieldset aria-describedby={errors.code ? `${id}-code-error` : undefined} className="grid gap-1">
        <legend className="mb-1 font-semibold">What blocks this bus?</legend>
        {BLOCKER_CODES.map((c) => (
          <label key={c} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1">
            <input
              type="radio"
              name={`${id}-code`}
              value={c}
              checked={code === c}
              onChange={() => setCode(c)}
              className="size-6 shrink-0 accent-primary"
            />
            {BLOCKER_LABELS[c]}
          </label>
        ))}
      </fieldset>
      <FieldError id={`${id}-code-error`} message={errors.code} />
      <div className="grid gap-1">
        <Label htmlFor={`${id}-note`}>{code === 'other' ? 'Note' : 'Note (optional)'}</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={errors.note !== undefined}
          aria-describedby={errors.note ? `${id}-note-error` : undefined}
        />
        <FieldError id={`${id}-note-error`} message={errors.note} />
      </div>
      <DictationButton
        className="justify-self-start"
        onPhrase={(p) => setNote((n) => (n.trim() === '' ? p : `${n.trimEnd()} ${p}`))}
      />
      <div className="grid gap-1">
        <p className="font-semibold">Photo (optional)</p>
        <BlockerPhoto picture={picture} onChange={setPicture} />
      </div>
      {errors.send !== undefined && (
        <p role="alert" className="font-semibold break-words text-destructive">
          {errors.send}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={block.isPending}>
          Report blocker
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
