/**
 * The devices feature's dialogs with their code loaded when first opened, or on the intent of the
 * control that opens them (`preload`): forms (react-hook-form), Radix dialogs and the vehicle
 * picker stay off the first load of the screens that show them (decision 027).
 */
import { whenOpen } from '../../../lib/lazy-module.ts';

export const CreateDeviceDialog = whenOpen(
  async () => (await import('./create-device-dialog.tsx')).CreateDeviceDialog,
);
export const AssignDeviceDialog = whenOpen(
  async () => (await import('./assign-device-dialog.tsx')).AssignDeviceDialog,
);
