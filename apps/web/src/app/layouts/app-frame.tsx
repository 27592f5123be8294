import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { BackButton } from '../../components/layout/back-button.tsx';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';
import { HeaderAgency } from '../../components/layout/header-agency.tsx';
import { HeaderMenu } from '../../components/layout/header-menu.tsx';
import { OutboxStatus } from '../../components/layout/outbox-status.tsx';
import { NO_BACK_BUTTON_ROUTES } from '../../config/paths.ts';
import { clientQueryOptions } from '../../features/clients/index.ts';
import { cn } from '../../lib/cn.ts';
import { useSelectedClientId } from '../../lib/use-selected-client.ts';

/** The selected agency's name (shared with the overview's client query), or null. */
function useAgencyName(): string | null {
  const clientId = useSelectedClientId();
  const client = useQuery({ ...clientQueryOptions(clientId ?? 0), enabled: clientId !== null });
  if (clientId === null || !client.data) return null;
  return client.data.fullName ?? client.data.name;
}

/** A campaign's page holds the supervisor's board on a wide screen: it takes the width (issue 34). */
const WIDE_PAGE = /^\/campaigns\/\d+\/?$/;

/** The frame of the working screens: header with the back button and agency, content, bottom navigation. */
export function AppFrame({ nav = true }: { nav?: boolean }) {
  const { pathname } = useLocation();
  const agency = useAgencyName();
  return (
    <div
      className={cn(
        'mx-auto min-h-dvh',
        WIDE_PAGE.test(pathname) ? 'max-w-7xl' : 'max-w-3xl',
        nav && 'pb-24',
      )}
    >
      <header className="sticky top-0 z-20 flex min-h-14 flex-nowrap items-center justify-between gap-2 border-b border-border bg-background/95 px-3 backdrop-blur">
        {NO_BACK_BUTTON_ROUTES.includes(pathname) ? <span /> : <BackButton />}
        <div className="flex min-w-0 items-center gap-1">
          <HeaderAgency name={agency} />
          <OutboxStatus />
          {nav && <HeaderMenu />}
        </div>
      </header>
      <main className="px-4 py-4">
        <Outlet />
      </main>
      {nav && <BottomNav />}
    </div>
  );
}
