import type { GeneratedReport } from '@toolkit/contracts/reports.ts';
import { Download } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { downloadReport } from '../api/download-report.ts';
import { useReportHistory } from '../api/get-report-history.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', hour12: false });

export const downloadFailedToast = {
  title: 'Download Failed',
  description: 'The report could not be downloaded. Please try again.',
  variant: 'destructive',
} as const;

function HistoryItem({ report }: { report: GeneratedReport }) {
  return (
    <li className="flex items-center justify-between gap-2 rounded-lg border border-border p-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">{report.title}</p>
        <p className="text-sm text-muted-foreground">
          {report.format.toUpperCase()} · {when(report.createdAt)} · {report.createdBy}
        </p>
      </div>
      <IconButton
        variant="outline"
        // Never squeezed under 44 px by a long title beside it (a thumb must hit it).
        className="shrink-0"
        label={`Download ${report.title} from ${when(report.createdAt)}`}
        tooltip="Download again"
        onClick={() => downloadReport(report).catch(() => toast(downloadFailedToast))}
      >
        <Download aria-hidden className="size-5" />
      </IconButton>
    </li>
  );
}

/** The agency's generated reports, newest first, each downloadable again. */
export function ReportHistory({ clientId }: { clientId: number }) {
  const history = useReportHistory(clientId);
  return (
    <Card className="grid gap-3">
      <CardTitle>Report History</CardTitle>
      {history.isPending && <p>Loading history...</p>}
      {history.isError && (
        <p role="alert">The history could not be loaded. Check the connection and try again.</p>
      )}
      {history.data?.length === 0 && <p className="text-muted-foreground">No reports generated yet.</p>}
      {history.data && history.data.length > 0 && (
        <ul aria-label="Report history" className="grid gap-2">
          {history.data.map((r) => (
            <HistoryItem key={r.id} report={r} />
          ))}
        </ul>
      )}
    </Card>
  );
}
