import { Building2, ClipboardCheck, Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from '../ui/button.tsx';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-semibold outline-none data-[highlighted]:bg-surface-muted';

/** The header's menu: the installer workspace (where an installation starts) and the client choice. */
export function HeaderMenu() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={cn(buttonClasses('ghost', 'icon'), 'shrink-0')} aria-label="Menu">
        <Menu aria-hidden className="size-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-border bg-surface p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={paths.dashboard}>
              <ClipboardCheck aria-hidden className="size-5" /> Installer Workspace
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={paths.clients}>
              <Building2 aria-hidden className="size-5" /> Select Client
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
