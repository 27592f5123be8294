import {
  CAMPAIGN_ITEM_KINDS,
  CAMPAIGN_TEST_KEYS,
  type CampaignItemKind,
} from '@toolkit/contracts/campaigns.ts';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { fieldClasses, Input } from '../../../../components/ui/input.tsx';
import type { ItemDraft } from './campaign-draft.ts';

export const KIND_WORDS: Record<CampaignItemKind, string> = {
  fit: 'Fit a device',
  test: 'Pass a test',
  photo: 'Take photos',
  manual: 'Manual check',
};

const TEST_WORDS = {
  gps: 'GPS',
  connectivity: 'Connectivity',
  headsign: 'Headsign',
  clockSync: 'Clock sync',
  audio: 'Audio',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid gap-1 text-sm font-semibold">
      {label}
      {children}
    </label>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  words,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  words?: Partial<Record<T, string>>;
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      <select
        className={fieldClasses}
        value={value}
        onChange={(e) => onChange(options.find((o) => o === e.target.value) ?? value)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {words?.[o] ?? o}
          </option>
        ))}
      </select>
    </Field>
  );
}

type ItemRowProps = {
  n: number;
  item: ItemDraft;
  problem: string | undefined;
  onChange: (item: ItemDraft) => void;
  onRemove: () => void;
};

/** One checklist item of the new campaign: its kind, label and the kind's own fields. */
export function CampaignItemRow({ n, item, problem, onChange, onRemove }: ItemRowProps) {
  const set = (patch: Partial<ItemDraft>) => onChange({ ...item, ...patch });
  return (
    <fieldset className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-4">
      <legend className="px-1 font-semibold">{`Item ${String(n)}`}</legend>
      <Choice
        label="Kind"
        value={item.kind}
        options={CAMPAIGN_ITEM_KINDS}
        words={KIND_WORDS}
        onChange={(kind) => set({ kind })}
      />
      <div className="sm:col-span-2">
        <Field label="Label">
          <Input
            value={item.label}
            aria-invalid={problem !== undefined}
            onChange={(e) => set({ label: e.target.value })}
          />
        </Field>
        {problem && (
          <p role="alert" className="mt-1 text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-5"
          checked={item.required}
          onChange={(e) => set({ required: e.target.checked })}
        />
        Required
      </label>
      {item.kind === 'fit' && (
        <>
          <Choice
            label="Device type"
            value={item.deviceType}
            options={DEVICE_TYPES}
            onChange={(deviceType) => set({ deviceType })}
          />
          <Field label="Quantity">
            <Input
              type="number"
              min={1}
              max={20}
              value={item.quantity}
              onChange={(e) => set({ quantity: e.target.value })}
            />
          </Field>
        </>
      )}
      {item.kind === 'test' && (
        <>
          <Choice
            label="Test"
            value={item.testKey}
            options={CAMPAIGN_TEST_KEYS}
            words={TEST_WORDS}
            onChange={(testKey) => set({ testKey })}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="size-5"
              checked={item.warningCounts}
              onChange={(e) => set({ warningCounts: e.target.checked })}
            />
            A warning counts
          </label>
        </>
      )}
      {item.kind === 'photo' && (
        <>
          <Choice
            label="Photo type"
            value={item.photoType}
            options={PHOTO_TYPES}
            onChange={(photoType) => set({ photoType })}
          />
          <Field label="At least">
            <Input
              type="number"
              min={1}
              max={50}
              value={item.minCount}
              onChange={(e) => set({ minCount: e.target.value })}
            />
          </Field>
        </>
      )}
      <Button variant="ghost" className="self-end sm:col-start-4" onClick={onRemove}>
        <Trash2 aria-hidden className="size-5" />
        {`Remove item ${String(n)}`}
      </Button>
    </fieldset>
  );
}
