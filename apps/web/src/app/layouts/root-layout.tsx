import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionVerifier } from '../../features/auth/components/session-verifier.tsx';
import { recordRoute } from '../../lib/route-history.ts';

/** Every route: records the route history (§2) and verifies a stored token (§7). */
export function RootLayout({ extra }: { extra?: ReactNode }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordRoute(`${pathname}${search}`);
  }, [pathname, search]);
  return (
    <>
      <SessionVerifier />
      <Outlet />
      {extra}
    </>
  );
}
