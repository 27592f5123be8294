import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../components/layout/offline-banner.tsx';
import { SessionVerifier } from '../../features/auth/components/session-verifier.tsx';
import { TourLauncher } from '../../features/tour/index.ts';

/**
 * Every route: verifies a stored token (§7), says when the phone is offline (issue 14), opens the
 * tour (§4). The route history (§2) follows the router itself (createAppRouter).
 */
export function RootLayout({ extra }: { extra?: ReactNode }) {
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
