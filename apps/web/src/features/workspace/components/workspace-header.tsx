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
  // Three lines at 360 px (decision 050): the title and the agency beside the menu, then the
  // installer with the connectivity, so the job starts on the first screen.
  return (
    <div className="mb-4 grid grid-cols-[minmax(0,1fr)] gap-1">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold break-words">Installer Workspace</h1>
          <p className="font-semibold break-words">
            {name ??
              (client.isError || client.fetchStatus === 'paused'
                ? 'Client details unavailable'
                : 'Loading client...')}
          </p>
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
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-muted-foreground">Installer: {user?.name ?? '…'}</p>
        <OnlineIndicator />
      </div>
      {dialog}
    </div>
  );
}
