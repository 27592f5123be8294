import {
  SHIPMENT_UNIT_STATUS_LABELS,
  SHIPMENT_UNIT_STATUSES,
  type Shipment,
} from '@toolkit/contracts/shipments.ts';
import { cn } from '../../../../lib/cn.ts';
import { pluralize } from '../../../../lib/pluralize.ts';
import { dayWords } from '../board/board-labels.ts';

/** "12 in stock · 30 installed · 1 faulty": a shipment's units now, the statuses it has. */
export function unitCountWords(counts: Shipment['counts']): string {
  const parts = SHIPMENT_UNIT_STATUSES.filter((s) => counts[s] > 0).map(
    (s) => `${counts[s].toLocaleString('en-US')} ${SHIPMENT_UNIT_STATUS_LABELS[s].toLowerCase()}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'No units';
}

/**
 * The agency's shipments, newest first: reference, file, who imported it and when, its units by
 * status; choosing one shows its units. Those of another campaign (or of none) are marked so.
 */
export function ShipmentList({
  shipments,
  campaignId,
  chosen,
  onChoose,
}: {
  shipments: readonly Shipment[];
  campaignId: number;
  chosen: number | null;
  onChoose: (shipmentId: number) => void;
}) {
  return (
    <ul aria-label="Shipments" className="grid gap-2">
      {shipments.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            aria-pressed={chosen === s.id}
            className={cn(
              'grid w-full gap-1 rounded-lg border-2 p-3 text-left',
              chosen === s.id ? 'border-primary bg-primary-soft' : 'border-border hover:bg-surface-muted',
            )}
            onClick={() => onChoose(s.id)}
          >
            <span className="font-semibold break-words">
              Shipment {s.reference}
              {s.campaignId !== campaignId && (
                <span className="font-normal text-muted-foreground">
                  {s.campaignId === null ? ' (agency stock)' : ' (another campaign)'}
                </span>
              )}
            </span>
            <span className="text-sm text-muted-foreground break-words">
              {`${pluralize(s.rows, 'row')}${s.fileName ? ` from ${s.fileName}` : ''} · imported ${dayWords(s.importedAt.slice(0, 10))} by ${s.importedBy.name}`}
            </span>
            <span className="text-sm">{unitCountWords(s.counts)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
