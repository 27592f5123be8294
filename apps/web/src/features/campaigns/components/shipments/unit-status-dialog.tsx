import {
  SHIPMENT_UNIT_STATUS_LABELS,
  SHIPMENT_UNIT_STATUSES,
  type ShipmentUnit,
  type ShipmentUnitStatus,
} from '@toolkit/contracts/shipments.ts';
import { useId, useState } from 'react';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { fieldClasses, Textarea } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useUpdateShipmentUnit } from '../../../shipments/index.ts';
import { shipmentStockKey } from '../../api/shipment-stock.ts';
import { OnlineButton } from '../board/online-button.tsx';

/** A unit becomes installed by its device going on a bus, never by hand: the statuses offered. */
const SETTABLE = SHIPMENT_UNIT_STATUSES.filter((s) => s !== 'installed');

/** Change a unit's status with a note (supervisor): faulty, returned, or back in stock. */
export function UnitStatusDialog({
  unit,
  campaignId,
  onClose,
}: {
  unit: ShipmentUnit;
  campaignId: number;
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateShipmentUnit([shipmentStockKey(campaignId)]);
  const [status, setStatus] = useState<ShipmentUnitStatus>(unit.status === 'faulty' ? 'in_stock' : 'faulty');
  const [note, setNote] = useState('');
  const save = () =>
    update.mutate(
      { unitId: unit.id, input: { status, note: note.trim() || null } },
      {
        onSuccess: (saved) => {
          toast({
            title: `${saved.serial} is now ${SHIPMENT_UNIT_STATUS_LABELS[saved.status].toLowerCase()}`,
          });
          onClose();
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Unit ${unit.serial}`}
        description={`Now ${SHIPMENT_UNIT_STATUS_LABELS[unit.status].toLowerCase()}${unit.bus ? ` on bus ${unit.bus.fleetNumber}` : ''}.`}
      >
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-status`}>New status</Label>
            <select
              id={`${id}-status`}
              className={fieldClasses}
              value={status}
              onChange={(e) => setStatus(SETTABLE.find((s) => s === e.target.value) ?? 'in_stock')}
            >
              {SETTABLE.map((s) => (
                <option key={s} value={s}>
                  {SHIPMENT_UNIT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-note`}>Note</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <OnlineButton disabled={update.isPending || status === unit.status} onClick={save}>
            {update.isPending ? 'Saving...' : 'Save status'}
          </OnlineButton>
          {update.isError && (
            <p role="alert" className="font-medium text-destructive">
              {readableError(update.error)}
            </p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
