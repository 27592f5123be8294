import { useMutation, type QueryKey } from '@tanstack/react-query';
import { ShipmentPreviewSchema, type ShipmentPreview } from '@toolkit/contracts/shipments.ts';
import { parseJson } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { getRequestToken } from '../../../lib/storage.ts';
import { SHIPMENTS_KEY, SHIPMENTS_URL, SHIPMENT_UNITS_KEY } from './shipment-urls.ts';

export type ShipmentImport = {
  clientId: number;
  campaignId: number | null;
  reference: string;
  file: File;
  dryRun: boolean;
};

/**
 * POST /api/shipments/import?clientId=&campaignId=&reference=&fileName=[&dryRun=1] with the file
 * itself as the `text/csv` body (its bytes as they are: the server reads the encoding and hashes
 * the file). A dry run answers the preview; the import the same counts with the shipment. A file
 * with errors may be answered 422 with its preview: the preview is shown either way. Online only
 * (a supervisor's import "needs a connection"), sent once under its own Idempotency-Key.
 */
export async function importShipment(input: ShipmentImport, changes: readonly QueryKey[] = []) {
  const headers: Record<string, string> = {
    'Content-Type': 'text/csv',
    'Idempotency-Key': newIdempotencyKey('shipment-import'),
  };
  const token = getRequestToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const query = new URLSearchParams({ clientId: String(input.clientId), reference: input.reference });
  if (input.campaignId !== null) query.set('campaignId', String(input.campaignId));
  if (input.file.name) query.set('fileName', input.file.name.slice(0, 200));
  if (input.dryRun) query.set('dryRun', '1');
  try {
    const res = await fetch(`${SHIPMENTS_URL}/import?${query.toString()}`, {
      method: 'POST',
      headers,
      body: input.file,
      credentials: 'same-origin',
    });
    if (res.status === 422) {
      const body: unknown = await res
        .clone()
        .json()
        .catch(() => null);
      const preview = ShipmentPreviewSchema.safeParse(body);
      if (preview.success) return preview.data;
    }
    return await parseJson<ShipmentPreview>(res, ShipmentPreviewSchema);
  } finally {
    if (!input.dryRun) refreshKeys([SHIPMENTS_KEY, SHIPMENT_UNITS_KEY, ...changes]);
  }
}

/** The import of a shipment; `changes` are what else it changes (the campaign's stock). */
export function useImportShipment(changes: readonly QueryKey[] = []) {
  return useMutation({ mutationFn: (input: ShipmentImport) => importShipment(input, changes) });
}
