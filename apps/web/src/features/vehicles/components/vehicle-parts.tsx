import { createContext, useContext, type ComponentType } from 'react';
import type { LazyModule } from '../../../lib/lazy-module.ts';

/** A vehicle as the vehicles feature hands it to a part another feature provides. */
type VehiclePartRef = {
  id: number;
  vehicleId: string;
  /** Created without signal: `id` is its local id, and the outbox holds what a part writes (decision 043). */
  pendingSync: boolean;
};
type DialogProps = { vehicle: VehiclePartRef; onDone: () => void };

/** The action dialogs other resources provide: Add Device (devices), Add Picture and Add Notes (records). */
export type VehiclePartDialogs = {
  AddDeviceDialog: ComponentType<DialogProps & { clientId: number }>;
  PhotoCaptureDialog: ComponentType<DialogProps>;
  NoteDialog: ComponentType<DialogProps>;
};

/**
 * What a vehicle row shows of other resources, composed in by the route (decision 032): the
 * vehicles feature imports no other feature, so devices ⇄ vehicles has no loop. The dialogs load
 * with the vehicle's own action dialogs, off the first load (decision 027).
 */
export type VehicleParts = {
  VehicleDevices: ComponentType<{ vehicle: VehiclePartRef }>;
  dialogs: LazyModule<VehiclePartDialogs>;
};

const Slot = createContext<VehicleParts | null>(null);

export const VehiclePartsProvider = Slot.Provider;

export function useVehicleParts(): VehicleParts {
  const parts = useContext(Slot);
  if (!parts) throw new Error('Vehicle parts: the route composes a VehiclePartsProvider around this screen.');
  return parts;
}
