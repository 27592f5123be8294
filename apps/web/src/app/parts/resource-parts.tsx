import type { ReactNode } from 'react';
import { VehicleChooserProvider } from '../../features/devices/components/vehicle-chooser-slot.tsx';
import { VehicleDevices } from '../../features/devices/components/vehicle-devices.tsx';
import { VehicleChooser } from '../../features/vehicles/components/vehicle-chooser.tsx';
import {
  VehiclePartsProvider,
  type VehicleParts,
} from '../../features/vehicles/components/vehicle-parts.tsx';
import { lazyModule } from '../../lib/lazy-module.ts';

/**
 * Resource features import no other feature (decision 032): where a screen of one shows a part of
 * another, the route composes it in here.
 */
const vehicleParts: VehicleParts = {
  VehicleDevices,
  dialogs: lazyModule(() => import('./vehicle-part-dialogs.ts')),
};

/** The vehicle rows' devices and the Add Device, Add Picture and Add Notes dialogs. */
export function WithVehicleParts({ children }: { children: ReactNode }) {
  return <VehiclePartsProvider value={vehicleParts}>{children}</VehiclePartsProvider>;
}

/** The vehicle chooser of the devices' assignment dialogs. */
const vehicleChooser = { Chooser: VehicleChooser };

export function WithVehicleChooser({ children }: { children: ReactNode }) {
  return <VehicleChooserProvider value={vehicleChooser}>{children}</VehicleChooserProvider>;
}
