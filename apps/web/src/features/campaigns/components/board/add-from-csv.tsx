import { CSV_MAX_BYTES, CAMPAIGN_MESSAGES, type CsvPreview } from '@toolkit/contracts/campaigns.ts';
import { useId, useState } from 'react';
import { Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { useImportBuses } from '../../api/supervisor-import-buses.ts';
import { CsvPreviewView } from './csv-preview.tsx';
import { OnlineButton } from './online-button.tsx';

/**
 * Add buses from a bus-list CSV (vehicle_id, assignee, planned_on, notes): the file is previewed
 * by the server (nothing written), then imported as it was previewed. Errors block the import.
 */
export function AddFromCsv({ campaignId }: { campaignId: number }) {
  const inputId = useId();
  const importer = useImportBuses(campaignId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const run = (dryRun: boolean) => {
    if (!file) return;
    importer.mutate({ file, dryRun }, { onSuccess: setPreview });
  };
  const choose = (next: File | null) => {
    setFile(next);
    setPreview(null);
    importer.reset();
    setTooLarge(next !== null && next.size > CSV_MAX_BYTES);
  };
  const canImport =
    preview !== null && !preview.imported && preview.errorCount === 0 && preview.alreadyImported === null;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <Label htmlFor={inputId}>Bus list (CSV)</Label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-2 file:border-border file:bg-surface file:px-3 file:font-semibold"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <p className="text-sm text-muted-foreground">
          Columns: vehicle_id (required), assignee, planned_on (YYYY-MM-DD), notes.
        </p>
      </div>
      {tooLarge && (
        <p role="alert" className="font-medium text-destructive">
          {CAMPAIGN_MESSAGES.csv.tooLarge}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <OnlineButton
          variant="outline"
          disabled={!file || tooLarge || importer.isPending}
          onClick={() => run(true)}
        >
          Preview
        </OnlineButton>
        <OnlineButton disabled={!canImport || importer.isPending} onClick={() => run(false)}>
          Import
        </OnlineButton>
      </div>
      {preview && <CsvPreviewView preview={preview} />}
      {importer.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(importer.error)}
        </p>
      )}
    </div>
  );
}
