import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useCreateCampaign } from '../../api/supervisor-create-campaign.ts';
import { newItem, type CampaignDraft } from './campaign-draft.ts';
import { CampaignForm } from './campaign-form.tsx';

const emptyDraft = (): CampaignDraft => ({ name: '', startsOn: '', dueOn: '', items: [newItem('fit')] });

function NewCampaignForm({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const create = useCreateCampaign();
  const navigate = useNavigate();
  return (
    <CampaignForm
      clientId={clientId}
      initial={emptyDraft()}
      submitLabel="Create campaign"
      pendingLabel="Creating..."
      pending={create.isPending}
      error={create.isError ? readableError(create.error) : null}
      onCancel={onDone}
      onSubmit={(input) =>
        create.mutate(input, {
          onSuccess: (campaign) => {
            toast({ title: 'Campaign created', description: campaign.name });
            onDone();
            void navigate(`/campaigns/${String(campaign.id)}`);
          },
        })
      }
    />
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
