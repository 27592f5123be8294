import { Plus } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { newItem, problemsOf, toInput, type CampaignDraft } from './campaign-draft.ts';
import type { CreateCampaignInput } from '@toolkit/contracts/campaigns.ts';
import { CampaignItemRow } from './campaign-item-row.tsx';
import { OnlineButton } from './online-button.tsx';

type CampaignFormProps = {
  clientId: number;
  initial: CampaignDraft;
  /** The submit button's words, and while sending. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal, in its words. */
  error: string | null;
  onSubmit: (input: CreateCampaignInput) => void;
  onCancel: () => void;
};

/** A campaign's name, dates and checklist, checked with the contract before it is sent. */
export function CampaignForm(props: CampaignFormProps) {
  const { clientId, initial, submitLabel, pendingLabel, pending, error, onSubmit, onCancel } = props;
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map());
  const set = (patch: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const input = toInput(clientId, draft);
    const found = problemsOf(input);
    setProblems(found);
    if (found.size === 0) onSubmit(input);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div>
        <Label htmlFor="campaign-name">Name</Label>
        <Input
          id="campaign-name"
          value={draft.name}
          aria-invalid={problems.has('name')}
          aria-describedby="campaign-name-error"
          onChange={(e) => set({ name: e.target.value })}
        />
        <FieldError id="campaign-name-error" message={problems.get('name')} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <Label htmlFor="campaign-starts">Start date</Label>
          <Input
            id="campaign-starts"
            type="date"
            value={draft.startsOn}
            onChange={(e) => set({ startsOn: e.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="campaign-due">Due date</Label>
          <Input
            id="campaign-due"
            type="date"
            value={draft.dueOn}
            aria-invalid={problems.has('dueOn')}
            aria-describedby="campaign-due-error"
            onChange={(e) => set({ dueOn: e.target.value })}
          />
          <FieldError id="campaign-due-error" message={problems.get('dueOn')} />
        </div>
      </div>
      <div className="grid gap-2">
        <h3 className="font-bold">Checklist</h3>
        {draft.items.map((item, i) => (
          <CampaignItemRow
            key={item.id}
            n={i + 1}
            item={item}
            problem={problems.get(`items.${String(i)}.label`) ?? problems.get(`items.${String(i)}.key`)}
            onChange={(next) => set({ items: draft.items.map((it) => (it.id === next.id ? next : it)) })}
            onRemove={() => set({ items: draft.items.filter((it) => it.id !== item.id) })}
          />
        ))}
        <FieldError id="campaign-items-error" message={problems.get('items')} />
        <Button variant="outline" onClick={() => set({ items: [...draft.items, newItem('manual')] })}>
          <Plus aria-hidden className="size-5" />
          Add item
        </Button>
      </div>
      {error !== null && (
        <p role="alert" className="font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <OnlineButton type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </OnlineButton>
      </div>
    </form>
  );
}
