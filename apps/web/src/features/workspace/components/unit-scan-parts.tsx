import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import { usePendingDeviceCreates } from '../../devices/index.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import type { CreateOffer } from '../hooks/use-code-scan.ts';

/** The unit scan's parts load once a scan finds a unit, or a new device waits (decision 027). */
const parts = lazyModule(() => import('./shipment-offer.tsx'));

/** The offer to create a shipment unit's device on this bus (shipment-offer.tsx), its code loaded on show. */
export function ShipmentOfferSlot(props: {
  clientId: number;
  vehicle: VehicleListItem;
  offer: CreateOffer;
  onDone: () => void;
}) {
  const [loaded, preload] = useLazyModule(parts);
  useEffect(preload, [preload]);
  return loaded ? <loaded.ShipmentOffer {...props} /> : null;
}

/** New devices for this bus still on the phone, "Waiting to sync"; nothing (and no code) when there are none. */
export function WaitingCreates({ vehicleId }: { vehicleId: number }) {
  const waiting = usePendingDeviceCreates(vehicleId);
  const [loaded, preload] = useLazyModule(parts);
  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (hasWaiting) preload();
  }, [hasWaiting, preload]);
  return hasWaiting && loaded ? <loaded.WaitingCreatesList waiting={waiting} /> : null;
}
