import { Car, ClipboardList, Cpu, LayoutDashboard, LifeBuoy } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';

const ITEMS = [
  { to: paths.overview, label: 'Overview', icon: LayoutDashboard },
  { to: paths.vehicles, label: 'Vehicles', icon: Car },
  { to: paths.devices, label: 'Devices', icon: Cpu },
  { to: paths.reports, label: 'Reports', icon: ClipboardList },
  { to: paths.support, label: 'Support', icon: LifeBuoy },
] as const;

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-5">
        {ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-[0.8rem] font-semibold min-[400px]:text-sm',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              <Icon aria-hidden className="size-6" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
