/**
 * The confirmation dialog with its code loaded when first opened, or on the intent of the control
 * that opens it (`preload`): the Radix alert dialog stays off the first load (decision 027).
 */
import { whenOpen } from '../../lib/lazy-module.ts';

export const ConfirmDialog = whenOpen(async () => (await import('./confirm-dialog.tsx')).ConfirmDialog);
