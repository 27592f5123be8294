import { BUS_FLAG_LABELS } from '@toolkit/contracts/campaign-constants.ts';
import { PackagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PendingMark } from '../../../components/feedback/pending-mark.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { intentHandlers } from '../../../lib/lazy-module.ts';
import { CreateDeviceDialog, usePendingDeviceCreates } from '../../devices/index.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import type { CreateOffer } from '../hooks/use-code-scan.ts';

/**
 * A shipment unit the scan found that is not a device yet: "Create GPS from shipment SN-1001 (IMEI
 * 356307042441013)" opens Create Device for its type, its id prefilled (the IMEI, else the serial),
 * on this bus: created through the outbox, the device goes on the bus and the unit is installed.
 * Kept on the phone without signal, the offer gives way to the waiting create (`onDone`).
 */
export function ShipmentOffer({
  clientId,
  vehicle,
  offer,
  onDone,
}: {
  clientId: number;
  vehicle: VehicleListItem;
  offer: CreateOffer;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const waiting = usePendingDeviceCreates(vehicle.id).some((w) => w.body.serialNumber === offer.uniqueId);
  // Kept on the phone once Create Device has closed (while it sends, its entry waits too).
  const queued = waiting && !open;
  useEffect(() => {
    if (queued) onDone();
  }, [queued, onDone]);
  return (
    <section aria-label="Shipment unit" className="grid gap-2 rounded-lg border-2 border-primary p-3">
      <Button
        className="h-auto py-2 text-left break-words whitespace-normal"
        {...intentHandlers(CreateDeviceDialog.preload)}
        onClick={() => setOpen(true)}
      >
        <PackagePlus aria-hidden className="size-5 shrink-0" />
        {offer.label}
      </Button>
      <CreateDeviceDialog
        clientId={clientId}
        type={offer.unit.deviceType}
        vehicleId={vehicle.id}
        serialNumber={offer.uniqueId}
        open={open}
        onOpenChange={setOpen}
        onCreated={onDone}
      />
    </section>
  );
}

/** New devices for this bus kept on the phone (a unit from a shipment, or any new device): "Waiting to sync". */
export function WaitingCreatesList({ waiting }: { waiting: ReturnType<typeof usePendingDeviceCreates> }) {
  return (
    <ul aria-label="New devices waiting to be sent" className="grid gap-1">
      {waiting.map(({ entry, body }) => (
        <li key={entry.id} className="grid gap-1 rounded-lg border-2 border-dashed border-border px-3 py-2">
          <span className="font-semibold break-words">
            New {body.type} {body.serialNumber ?? ''} for this vehicle
          </span>
          {entry.state === 'waiting' ? (
            <p className="text-sm font-semibold text-muted-foreground">{BUS_FLAG_LABELS.waitingToSync}</p>
          ) : (
            <>
              <PendingMark state={entry.state} />
              {entry.error && <p className="text-sm font-medium text-destructive">{entry.error}</p>}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
