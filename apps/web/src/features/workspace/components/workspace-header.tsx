import { EllipsisVertical, LogOut, Users } from 'lucide-react';
import { Menu } from '../../../components/ui/menu.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser, useLogout } from '../../auth/index.ts';
import { useClient } from '../../clients/index.ts';
import { OnlineIndicator } from './online-indicator.tsx';

/** The workspace's header (§2): client name, 'Installer: {name}', connectivity and a menu with logout. */
export function WorkspaceHeader({ clientId }: { clientId: number }) {
  const client = useClient(clientId);
  const user = useCurrentUser();
  const { logout, dialog } = useLogout();
  const name = client.data ? (client.data.fullName ?? client.data.name) : null;
  return (
    <div className="mb-5 flex items-start justify-between gap-3">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-bold break-words">Installer Workspace</h1>
        <p className="font-semibold break-words">
          {name ??
            (client.isError || client.fetchStatus === 'paused'
              ? 'Client details unavailable'
              : 'Loading client...')}
        </p>
        <p className="text-muted-foreground">Installer: {user?.name ?? '…'}</p>
        <div>
          <OnlineIndicator />
        </div>
      </div>
      <Menu
        label="Workspace menu"
        icon={EllipsisVertical}
        variant="outline"
        items={[
          { icon: Users, label: 'Select Client', to: paths.clients },
          { icon: LogOut, label: 'Logout', onSelect: logout },
        ]}
      />
      {dialog}
    </div>
  );
}
