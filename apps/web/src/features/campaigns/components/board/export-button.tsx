import { Download } from 'lucide-react';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useExportCampaign } from '../../api/supervisor-export.ts';
import { OnlineButton } from './online-button.tsx';

/** Export: the acceptance sheet as CSV, downloaded with the session's token. */
export function ExportButton({ campaignId }: { campaignId: number }) {
  const exporter = useExportCampaign(campaignId);
  return (
    <OnlineButton
      variant="outline"
      disabled={exporter.isPending}
      onClick={() =>
        exporter.mutate(undefined, {
          onSuccess: (name) => toast({ title: 'Export ready', description: `${name} is downloading.` }),
          onError: (error) =>
            toast({ title: 'Export failed', description: readableError(error), variant: 'destructive' }),
        })
      }
    >
      <Download aria-hidden className="size-5" />
      {exporter.isPending ? 'Exporting...' : 'Export CSV'}
    </OnlineButton>
  );
}
