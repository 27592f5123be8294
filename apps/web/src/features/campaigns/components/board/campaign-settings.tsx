import type { Campaign } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useUpdateCampaign } from '../../api/supervisor-update-campaign.ts';
import { draftOf } from './campaign-draft.ts';
import { CampaignForm } from './campaign-form.tsx';
import { OnlineButton } from './online-button.tsx';

/**
 * "Edit campaign": its name, dates and checklist (the server keeps the checklist once a bus has
 * been submitted, and says so). Needs a connection, as every supervisor action.
 */
export function EditCampaignButton({ campaign }: { campaign: Campaign }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateCampaign(campaign.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        update.reset();
      }}
    >
      <OnlineButton variant="outline" disabled={campaign.status === 'closed'} onClick={() => setOpen(true)}>
        Edit campaign
      </OnlineButton>
      <DialogContent title="Edit campaign" className="max-w-3xl">
        {open && (
          <CampaignForm
            clientId={campaign.clientId}
            initial={draftOf(campaign)}
            submitLabel="Save changes"
            pendingLabel="Saving..."
            pending={update.isPending}
            error={update.isError ? readableError(update.error) : null}
            onCancel={() => setOpen(false)}
            onSubmit={({ name, startsOn, dueOn, items }) =>
              update.mutate(
                { name, startsOn, dueOn, items },
                {
                  onSuccess: (saved) => {
                    toast({ title: 'Campaign saved', description: saved.name });
                    setOpen(false);
                  },
                },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Close an active campaign (its buses may then join another one; nothing changes in it until it
 * is reopened), or reopen a closed one. The server's refusal is shown in its words.
 */
export function CampaignStatusButton({ campaign }: { campaign: Campaign }) {
  const [asking, setAsking] = useState(false);
  const update = useUpdateCampaign(campaign.id);
  const closed = campaign.status === 'closed';
  const change = () =>
    update.mutate(
      { status: closed ? 'active' : 'closed' },
      {
        onSuccess: (saved) => {
          setAsking(false);
          toast({ title: saved.status === 'closed' ? 'Campaign closed' : 'Campaign reopened' });
        },
        onError: (error) => {
          setAsking(false);
          toast({ title: readableError(error), variant: 'destructive' });
        },
      },
    );
  return (
    <>
      <OnlineButton
        variant="outline"
        disabled={update.isPending}
        onClick={() => (closed ? change() : setAsking(true))}
      >
        {closed ? 'Reopen campaign' : 'Close campaign'}
      </OnlineButton>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Close "${campaign.name}"?`}
        description="Nobody can change its buses until it is reopened, and they may join another campaign."
        confirmLabel="Close campaign"
        pending={update.isPending}
        onConfirm={change}
      />
    </>
  );
}
