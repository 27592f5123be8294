/**
 * The devices feature's public entry: what other features may use. Other features import the
 * devices feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { useAssignDevices } from './api/assign-devices.ts';
export { usePendingDeviceCreates } from './api/create-device.ts';
export { usePlatform } from './api/get-platform.ts';
export { devicesQueryOptions, useDevices } from './api/get-devices.ts';
export { useVehicleDevices, vehicleDevicesQueryOptions } from './api/get-vehicle-devices.ts';
export { CreateDeviceDialog } from './components/lazy-dialogs.ts';
export { PendingAssignments } from './components/pending-assignments.tsx';
export { useAssignmentList } from './hooks/use-assignment-list.ts';
export { offeredDevices, type ListProblem } from './utils/assignment-list.ts';
export { deviceStatusView } from './utils/device-status.ts';
export { formatHeartbeat } from './utils/last-seen.ts';
export { REASSIGN_TITLE, reassignQuestion } from './utils/reassign.ts';
