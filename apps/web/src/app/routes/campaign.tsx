import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { User } from '@toolkit/contracts/auth.ts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { verifyQueryOptions } from '../../features/auth/api/verify.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { getCurrentUser, subscribeUser } from '../../features/auth/session-store.ts';
import { campaignBoard, preloadBoard } from '../../features/campaigns/components/board/board-preload.ts';
import { MyBusesScreen } from '../../features/campaigns/components/installer/my-buses-screen.tsx';
import { useLazyModule } from '../../lib/lazy-module.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The board is made for 1024 px and up, and usable from 768 (a tablet held upright). */
const WIDE = '(min-width: 768px)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const subscribeWide = (listener: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const isWide = () => wideQuery()?.matches ?? false;

const campaignIdOf = (param: string | undefined) => (param && /^\d{1,9}$/.test(param) ? Number(param) : 0);
const seesTheBoard = (user: User | null) => user?.role === 'supervisor' || user?.role === 'admin';

/**
 * For a supervisor (or admin) on a wide screen, the board's data and code are asked for as the
 * route opens, all at once, rather than once its code has loaded and rendered: the campaign, its
 * summary and stock, and the board's chunks (board-preload.ts). It waits for nothing: the route
 * renders at once, and the board finds what has come in. On a first load the user (the role) is
 * not known yet: the board is asked for the moment the start-up verification answers, while the
 * rest of the app's code is still being read, unless the screen has been left by then.
 */
export function loader({ params, request }: LoaderFunctionArgs): null {
  const id = campaignIdOf(params.campaignId);
  if (id === 0 || !isWide()) return null;
  const user = getCurrentUser();
  if (user) {
    if (seesTheBoard(user)) preloadBoard(queryClient, id);
    return null;
  }
  const path = new URL(request.url).pathname;
  const stop = subscribeUser(() => {
    const known = getCurrentUser();
    if (known === null) return;
    stop();
    if (seesTheBoard(known) && window.location.pathname === path) preloadBoard(queryClient, id);
  });
  return null;
}

/**
 * The board's code loads only for a supervisor on a wide screen, never on the installer's phone.
 * What the loader has not asked for (the user was not known yet) is asked for now, before the
 * board's code is in. A load that fails goes to the route's error screen.
 */
function Board({ campaignId }: { campaignId: number }) {
  const client = useQueryClient();
  const [board] = useLazyModule(campaignBoard);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => preloadBoard(client, campaignId), [client, campaignId]);
  useEffect(() => {
    campaignBoard
      .load()
      .catch((error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error))));
  }, []);
  if (failure) throw failure;
  if (!board) return <LoadingState label="Loading the board" rows={3} rowClassName="h-16" />;
  return <board.CampaignBoard campaignId={campaignId} />;
}

/**
 * /campaigns/:campaignId: "My buses" on a phone; for a supervisor (or admin) on a screen 768 px or
 * wider, the board. On a wide screen whose user (role) the start-up verification has not answered
 * yet, neither: a supervisor on a slow connection would see an installer's screen, and its requests
 * go out, before the board replaced it.
 */
export function Component() {
  const { campaignId } = useParams();
  const id = campaignIdOf(campaignId);
  const user = useCurrentUser();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  const verifying = useIsFetching({ queryKey: verifyQueryOptions(false).queryKey }) > 0;
  if (wide && seesTheBoard(user)) return <Board key={id} campaignId={id} />;
  if (wide && user === null && verifying)
    return <LoadingState label="Loading the campaign" rows={3} rowClassName="h-16" />;
  return <MyBusesScreen key={id} campaignId={id} />;
}
