/**
 * The devices feature's public entry: what other features may use. Other features import the
 * devices feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { useAssignDevices } from './api/assign-devices.ts';
export { useDevices } from './api/get-devices.ts';
export { useVehicleDevices } from './api/get-vehicle-devices.ts';
export { CreateDeviceDialog } from './components/create-device-dialog.tsx';
