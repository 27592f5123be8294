import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionVerifier } from '../../features/auth/components/session-verifier.tsx';
import { TourLauncher } from '../../features/tour/index.ts';
import { recordRoute } from '../../lib/route-history.ts';

/** Every route: records the route history (§2), verifies a stored token (§7), opens the tour (§4). */
export function RootLayout({ extra }: { extra?: ReactNode }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordRoute(`${pathname}${search}`);
  }, [pathname, search]);
  return (
    <>
      <SessionVerifier />
      <Outlet />
      <TourLauncher />
      {extra}
    </>
  );
}
