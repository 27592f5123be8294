import { lazyModule } from '../../../lib/lazy-module.ts';

/**
 * The dialogs of a row's actions (vehicle-dialogs.tsx: forms, camera, scanner), kept off the
 * screen's first load: fetched when a row is opened, so they are in by the time an action is tapped
 * (decision 027).
 */
export const vehicleDialogs = lazyModule(() => import('./vehicle-dialogs.tsx'));
