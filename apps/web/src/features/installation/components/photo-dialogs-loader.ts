import { lazyModule } from '../../../lib/lazy-module.ts';

/** The photo dialogs (photo-dialogs.tsx), off the installation record's first load. */
export const photoDialogs = lazyModule(() => import('./photo-dialogs.tsx'));
