import { CSV_MAX_BYTES, CAMPAIGN_MESSAGES } from '@toolkit/contracts/campaign-constants.ts';
import {
  SHIPMENT_COLUMNS,
  SHIPMENT_REFERENCE_MAX,
  type ShipmentPreview,
} from '@toolkit/contracts/shipments.ts';
import { useId, useState } from 'react';
import { Input } from '../../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { useOnlineStatus } from '../../../../lib/use-online-status.ts';
import { useImportShipment } from '../../../shipments/index.ts';
import { shipmentStockKey } from '../../api/shipment-stock.ts';
import { OnlineButton } from '../board/online-button.tsx';
import { ShipmentPreviewView } from './shipment-preview.tsx';

const REFERENCE_REQUIRED = 'A shipment reference is required';

/** The reference a file suggests: its name without the extension ("PO-1187.csv" → "PO-1187"). */
const referenceOf = (file: File) =>
  file.name
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, SHIPMENT_REFERENCE_MAX);

/**
 * Import a shipment's packing list (supervisor): the file is previewed by the server as soon as it
 * is chosen (nothing written), then imported as previewed. Errors block the import; without a
 * connection both say "Needs a connection".
 */
export function ShipmentImportForm({ clientId, campaignId }: { clientId: number; campaignId: number }) {
  const id = useId();
  const online = useOnlineStatus();
  const importer = useImportShipment([shipmentStockKey(campaignId)]);
  const [file, setFile] = useState<File | null>(null);
  const [reference, setReference] = useState('');
  const [preview, setPreview] = useState<ShipmentPreview | null>(null);
  const tooLarge = file !== null && file.size > CSV_MAX_BYTES;
  const referenceMissing = reference.trim() === '';

  const run = (dryRun: boolean, chosen = file, ref = reference) => {
    if (!chosen || ref.trim() === '' || chosen.size > CSV_MAX_BYTES) return;
    importer.mutate(
      { clientId, campaignId, reference: ref.trim(), file: chosen, dryRun },
      { onSuccess: setPreview },
    );
  };
  const choose = (next: File | null) => {
    const ref = next ? referenceOf(next) || reference : reference;
    setFile(next);
    setReference(ref);
    setPreview(null);
    importer.reset();
    if (next && online) run(true, next, ref);
  };
  const canImport =
    preview !== null && !preview.imported && preview.errorCount === 0 && preview.alreadyImported === null;

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-file`}>Packing list (CSV)</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-2 file:border-border file:bg-surface file:px-3 file:font-semibold"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <p className="text-sm text-muted-foreground">
          Columns: {SHIPMENT_COLUMNS.join(', ')} (serial and device_type required).
        </p>
      </div>
      <div className="grid max-w-sm gap-1">
        <Label htmlFor={`${id}-reference`}>Shipment reference</Label>
        <Input
          id={`${id}-reference`}
          value={reference}
          maxLength={SHIPMENT_REFERENCE_MAX}
          autoComplete="off"
          aria-invalid={file !== null && referenceMissing ? true : undefined}
          aria-describedby={file !== null && referenceMissing ? `${id}-reference-error` : undefined}
          onChange={(e) => setReference(e.target.value)}
        />
        <FieldError
          id={`${id}-reference-error`}
          message={file !== null && referenceMissing ? REFERENCE_REQUIRED : undefined}
        />
      </div>
      {tooLarge && (
        <p role="alert" className="font-medium text-destructive">
          {CAMPAIGN_MESSAGES.csv.tooLarge}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <OnlineButton
          variant="outline"
          disabled={!file || tooLarge || referenceMissing || importer.isPending}
          onClick={() => run(true)}
        >
          Preview
        </OnlineButton>
        <OnlineButton
          disabled={!canImport || referenceMissing || importer.isPending}
          onClick={() => run(false)}
        >
          Import
        </OnlineButton>
      </div>
      {importer.isPending && (
        <p role="status">{importer.variables.dryRun ? 'Checking the file...' : 'Importing...'}</p>
      )}
      {preview && <ShipmentPreviewView preview={preview} />}
      {importer.isError && (
        <p role="alert" className="font-medium text-destructive">
          {readableError(importer.error)}
        </p>
      )}
    </div>
  );
}
