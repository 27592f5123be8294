import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/layout/offline-banner.tsx';
import { SessionVerifier } from '../../features/auth/components/session-verifier.tsx';
import { TourLauncher } from '../../features/tour/index.ts';
import { recordRoute } from '../../lib/route-history.ts';

/**
 * Every route: records the route history (§2), verifies a stored token (§7), says when the phone is
 * offline (issue 14), opens the tour (§4).
 */
export function RootLayout({ extra }: { extra?: ReactNode }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordRoute(`${pathname}${search}`);
  }, [pathname, search]);
  return (
    <>
      <SessionVerifier />
      <OfflineBanner />
      <Outlet />
      <TourLauncher />
      {extra}
    </>
  );
}
