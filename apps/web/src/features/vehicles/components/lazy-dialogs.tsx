import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import type { VehicleDialogsProps } from './vehicle-dialogs.tsx';
import { useVehicleParts } from './vehicle-parts.tsx';

/**
 * The dialogs of a vehicle's actions (vehicle-dialogs.tsx: forms, camera, scanner), kept off the
 * first load of the screens that offer them: fetched when a vehicle's actions are shown, so that
 * they are in by the time one is tapped, or at the latest when one opens (decision 027). The
 * dialogs of other resources (Add Device, Add Picture, Add Notes) come from the route's parts and
 * load with them.
 */
const vehicleDialogs = lazyModule(() => import('./vehicle-dialogs.tsx'));

/** The open action's dialog, once its code is in (nothing while none is open). */
export function VehicleActionDialogs(props: VehicleDialogsProps) {
  const [loaded, preload] = useLazyModule(vehicleDialogs);
  const [parts, preloadParts] = useLazyModule(useVehicleParts().dialogs);
  const wanted = props.dialog !== null;
  useEffect(() => {
    if (!wanted) return;
    preload();
    preloadParts();
  }, [wanted, preload, preloadParts]);
  return loaded && parts ? <loaded.VehicleDialogs {...props} parts={parts} /> : null;
}

/** Fetches the actions' dialogs while their buttons are on screen. */
export function usePreloadVehicleDialogs(): void {
  const [, preload] = useLazyModule(vehicleDialogs);
  const [, preloadParts] = useLazyModule(useVehicleParts().dialogs);
  useEffect(() => {
    preload();
    preloadParts();
  }, [preload, preloadParts]);
}
