/**
 * The vehicles feature's public entry: what other features may use. Other features import the
 * vehicles feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { useVehicle } from './api/get-vehicle.ts';
export { useVehicleChoices } from './api/get-vehicles.ts';
export type { CreateVehicleOutcome } from './api/create-vehicle.ts';
export { AddVehicleDialog } from './components/add-vehicle-dialog.tsx';
export { usePreloadVehicleDialogs, VehicleActionDialogs } from './components/lazy-dialogs.tsx';
export type { OpenDialog as VehicleDialog } from './components/vehicle-dialogs.tsx';
export { useVehicleList } from './hooks/use-vehicle-list.ts';
export { listItemOf, type VehicleListItem } from './utils/vehicle-list.ts';
