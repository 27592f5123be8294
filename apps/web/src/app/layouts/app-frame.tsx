import { Outlet, useLocation } from 'react-router';
import { BackButton } from '../../components/layout/back-button.tsx';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';
import { HeaderMenu } from '../../components/layout/header-menu.tsx';
import { NO_BACK_BUTTON_ROUTES } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';

/** The frame of the working screens: header with the back button, content, bottom navigation. */
export function AppFrame({ nav = true }: { nav?: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className={cn('mx-auto min-h-dvh max-w-3xl', nav && 'pb-24')}>
      <header className="sticky top-0 z-20 flex min-h-14 items-center justify-between gap-2 border-b border-border bg-background/95 px-3 backdrop-blur">
        {NO_BACK_BUTTON_ROUTES.includes(pathname) ? <span /> : <BackButton />}
        <div className="flex items-center gap-1">
          <span className="text-sm font-semibold text-muted-foreground">Installer Toolkit</span>
          {nav && <HeaderMenu />}
        </div>
      </header>
      <main className="px-4 py-5">
        <Outlet />
      </main>
      {nav && <BottomNav />}
    </div>
  );
}
