import { TOUR_AUTO_OPEN_MS } from '@toolkit/contracts/constants.ts';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { getRequestToken } from '../../../lib/storage.ts';
import { isTourCompleted, openTour, useTourState } from '../hooks/tour-store.ts';

const loadTourDialog = () => import('./tour-dialog.tsx');
const TourDialog = lazy(() => loadTourDialog().then((m) => ({ default: m.TourDialog })));

/** Screens the tour never opens on by itself: the sign-in screens. */
const NO_AUTO_OPEN = ['/', '/login'];

/** The tour opens by itself at most once per load of the app. */
let autoOpened = false;

/**
 * §4: the tour opens by itself 1 s after load when its completion marker is absent (not on the
 * sign-in screen). Its code loads only when it opens.
 */
export function TourLauncher() {
  const { pathname } = useLocation();
  const { open } = useTourState();

  useEffect(() => {
    if (autoOpened || NO_AUTO_OPEN.includes(pathname) || !getRequestToken() || isTourCompleted()) return;
    // The dialog's code loads during the wait, so that it shows on time.
    void loadTourDialog();
    const timer = setTimeout(() => {
      autoOpened = true;
      openTour();
    }, TOUR_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TourDialog />
    </Suspense>
  );
}
