import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '../../components/feedback/loading-state.tsx';
import { useCurrentUser } from '../../features/auth/index.ts';
import { MyBusesScreen } from '../../features/campaigns/components/installer/my-buses-screen.tsx';

/** The board's code loads only for a supervisor on a wide screen, never on the installer's phone. */
const CampaignBoard = lazy(() =>
  import('../../features/campaigns/components/board/campaign-board.tsx').then((m) => ({
    default: m.CampaignBoard,
  })),
);

/** The board is made for 1024 px and up, and usable from 768 (a tablet held upright). */
const WIDE = '(min-width: 768px)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const subscribeWide = (listener: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const isWide = () => wideQuery()?.matches ?? false;

/** /campaigns/:campaignId: "My buses" on a phone; for a supervisor (or admin) on a screen 768 px or wider, the board. */
export function Component() {
  const { campaignId = '' } = useParams();
  const id = /^\d{1,9}$/.test(campaignId) ? Number(campaignId) : 0;
  const user = useCurrentUser();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  if (wide && (user?.role === 'supervisor' || user?.role === 'admin'))
    return (
      <Suspense fallback={<LoadingState label="Loading the board" rows={3} rowClassName="h-16" />}>
        <CampaignBoard key={id} campaignId={id} />
      </Suspense>
    );
  return <MyBusesScreen key={id} campaignId={id} />;
}
