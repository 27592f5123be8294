import { lazyModule } from '../../../../lib/lazy-module.ts';

/**
 * The board's parts around its dashboard, each in a chunk of its own: the header's actions (their
 * dialogs and forms) and the lists (the bus board, the events, the review). The dashboard paints
 * without them; they load alongside it (board-preload.ts starts them with the route) and render
 * once in.
 */
export const boardActions = lazyModule(() => import('./board-actions.tsx'));
export const boardLists = lazyModule(() => import('./board-lists.tsx'));
