import type { CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useRemoveBus } from '../../api/supervisor-remove-bus.ts';
import { OnlineButton } from './online-button.tsx';

/**
 * "Remove from campaign" for a planned bus (asked first). A bus with work recorded meanwhile is
 * refused by the server in the design's words, shown here.
 */
export function RemoveBus({ bus, onRemoved }: { bus: CampaignBusDetail; onRemoved: () => void }) {
  const remove = useRemoveBus(bus.campaignId, bus.id);
  const [asking, setAsking] = useState(false);
  if (bus.state !== 'planned') return null;
  return (
    <div className="grid gap-2">
      <OnlineButton
        variant="outline"
        className="justify-self-start"
        disabled={remove.isPending}
        onClick={() => setAsking(true)}
      >
        Remove from campaign
      </OnlineButton>
      {remove.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(remove.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Remove bus ${bus.fleetNumber}?`}
        description={`Bus ${bus.fleetNumber} leaves "${bus.campaign.name}"; it can be added again later.`}
        confirmLabel="Remove bus"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast({ title: `Bus ${bus.fleetNumber} removed from the campaign` });
              onRemoved();
            },
            onError: () => setAsking(false),
          })
        }
      />
    </div>
  );
}
