import {
  SHIPMENT_UNIT_STATUS_LABELS,
  SHIPMENT_UNIT_STATUSES,
  type ShipmentUnit,
  type ShipmentUnitStatus,
} from '@toolkit/contracts/shipments.ts';
import { useId, useState } from 'react';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { fieldClasses } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { useShipmentUnits } from '../../../shipments/index.ts';
import { UnitStatusDialog } from './unit-status-dialog.tsx';

const TONES = {
  in_stock: 'neutral',
  installed: 'success',
  faulty: 'destructive',
  returned: 'warning',
} as const;
const COLUMNS = ['Serial', 'Type', 'IMEI', 'ICCID', 'Box', 'Status', 'Bus', 'Device'];

function UnitRow({ unit, onChange }: { unit: ShipmentUnit; onChange: (() => void) | null }) {
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="p-2 text-left font-semibold whitespace-nowrap">
        {unit.serial}
      </th>
      <td className="p-2">{unit.deviceType}</td>
      <td className="p-2 tabular-nums">{unit.imei ?? '—'}</td>
      <td className="p-2 tabular-nums break-all">{unit.iccid ?? '—'}</td>
      <td className="p-2 break-words">{unit.box ?? '—'}</td>
      <td className="p-2">
        <Badge tone={TONES[unit.status]}>{SHIPMENT_UNIT_STATUS_LABELS[unit.status]}</Badge>
        {unit.statusNote && <p className="mt-1 text-muted-foreground break-words">{unit.statusNote}</p>}
      </td>
      <td className="p-2">{unit.bus ? `Bus ${unit.bus.fleetNumber}` : '—'}</td>
      <td className="p-2 break-all">{unit.deviceId ?? '—'}</td>
      {onChange && (
        <td className="p-2">
          <Button variant="outline" aria-label={`Change status of ${unit.serial}`} onClick={onChange}>
            Change status
          </Button>
        </td>
      )}
    </tr>
  );
}

/**
 * One shipment's units: serial, type, IMEI, ICCID, box, status (with its note), the bus it went on
 * and its device, filtered by status; a supervisor changes a unit's status from its row.
 */
export function ShipmentUnits({
  shipmentId,
  reference,
  campaignId,
  canChange,
}: {
  shipmentId: number;
  reference: string;
  campaignId: number;
  canChange: boolean;
}) {
  const id = useId();
  const [status, setStatus] = useState<ShipmentUnitStatus | null>(null);
  const units = useShipmentUnits(shipmentId, status);
  const [changing, setChanging] = useState<ShipmentUnit | null>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Units of shipment {reference}
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <select
            id={`${id}-status`}
            className={fieldClasses}
            value={status ?? ''}
            onChange={(e) => setStatus(SHIPMENT_UNIT_STATUSES.find((s) => s === e.target.value) ?? null)}
          >
            <option value="">All</option>
            {SHIPMENT_UNIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SHIPMENT_UNIT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={units}
        noun="units"
        emptyText="No units with this status."
        isEmpty={(d) => d.length === 0}
      >
        {(rows) => (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table
              aria-label={`Units of shipment ${reference}`}
              className="w-full min-w-[640px] border-collapse text-sm"
            >
              <thead className="bg-surface-muted">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="p-2 text-left">
                      {c}
                    </th>
                  ))}
                  {canChange && (
                    <th scope="col" className="p-2 text-left">
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((u) => (
                  <UnitRow key={u.id} unit={u} onChange={canChange ? () => setChanging(u) : null} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {changing && (
        <UnitStatusDialog unit={changing} campaignId={campaignId} onClose={() => setChanging(null)} />
      )}
    </section>
  );
}
