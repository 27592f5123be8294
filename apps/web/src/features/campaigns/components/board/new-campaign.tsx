import { Plus } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useCreateCampaign } from '../../api/supervisor-create-campaign.ts';
import { newItem, problemsOf, toInput, type CampaignDraft } from './campaign-draft.ts';
import { CampaignItemRow } from './campaign-item-row.tsx';
import { OnlineButton } from './online-button.tsx';

const emptyDraft = (): CampaignDraft => ({ name: '', startsOn: '', dueOn: '', items: [newItem('fit')] });

function NewCampaignForm({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(emptyDraft);
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map());
  const set = (patch: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const input = toInput(clientId, draft);
    const found = problemsOf(input);
    setProblems(found);
    if (found.size > 0) return;
    create.mutate(input, {
      onSuccess: (campaign) => {
        toast({ title: 'Campaign created', description: campaign.name });
        onDone();
        void navigate(`/campaigns/${String(campaign.id)}`);
      },
    });
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
      {create.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(create.error)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <OnlineButton type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create campaign'}
        </OnlineButton>
      </div>
    </form>
  );
}

/** "New campaign" on the campaign list (supervisors): name, dates and the checklist every bus must meet. */
export function NewCampaignButton({ clientId }: { clientId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden className="size-5" />
        New campaign
      </Button>
      <DialogContent title="New campaign" className="max-w-3xl">
        {open && <NewCampaignForm clientId={clientId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
