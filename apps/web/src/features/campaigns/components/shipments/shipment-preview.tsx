import type { ShipmentPreview } from '@toolkit/contracts/shipments.ts';
import { pluralize } from '../../../../lib/pluralize.ts';
import { CsvPreviewView } from '../board/csv-preview.tsx';

/**
 * A packing list's preview (or import): new, unchanged, errors and warnings counted, then the
 * first 100 messages with their rows; once imported, what was added.
 */
export function ShipmentPreviewView({ preview }: { preview: ShipmentPreview }) {
  const done = preview.shipment
    ? `Imported shipment ${preview.shipment.reference}: ${pluralize(preview.new, 'new unit', 'new units')}.`
    : `Imported ${pluralize(preview.new, 'new unit', 'new units')}.`;
  return <CsvPreviewView preview={preview} heading="h3" done={done} />;
}
