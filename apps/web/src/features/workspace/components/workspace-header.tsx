import { EllipsisVertical, LogOut, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser, useLogout } from '../../auth/index.ts';
import { useClient } from '../../overview/index.ts';
import { OnlineIndicator } from './online-indicator.tsx';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-semibold outline-none data-[highlighted]:bg-surface-muted';

/** The workspace's header (§2): client name, 'Installer: {name}', connectivity and a menu with logout. */
export function WorkspaceHeader({ clientId }: { clientId: number }) {
  const client = useClient(clientId);
  const user = useCurrentUser();
  const logout = useLogout();
  const name = client.data ? (client.data.fullName ?? client.data.name) : null;
  return (
    <div className="mb-5 flex items-start justify-between gap-3">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-bold break-words">Installer Workspace</h1>
        <p className="font-semibold break-words">
          {name ?? (client.isError ? 'Client details unavailable' : 'Loading client...')}
        </p>
        <p className="text-muted-foreground">Installer: {user?.name ?? '…'}</p>
        <div>
          <OnlineIndicator />
        </div>
      </div>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses('outline', 'icon')} aria-label="Workspace menu">
          <EllipsisVertical aria-hidden className="size-6" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-lg border border-border bg-surface p-1 text-foreground shadow-lg"
          >
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={paths.clients}>
                <Users aria-hidden className="size-5" /> Select Client
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={logout}>
              <LogOut aria-hidden className="size-5" /> Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
