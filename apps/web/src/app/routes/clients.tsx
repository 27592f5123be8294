import type { Client } from '@toolkit/contracts/clients.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/hooks/use-logout-flow.tsx';
import { useCurrentUser } from '../../features/auth/session-store.ts';
import { ClientsScreen } from '../../features/clients/components/clients-screen.tsx';
import { AccessRequestDialog } from '../../features/support/components/access-request-dialog.tsx';
import { setSelectedClientId } from '../../lib/storage.ts';

export function Component() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { logout, dialog } = useLogout();
  const onSelect = (client: Client) => {
    setSelectedClientId(client.id);
    void navigate(paths.overview);
  };
  return (
    <>
      <ClientsScreen
        userName={user?.name ?? null}
        accessRequest={<AccessRequestDialog />}
        onSelect={onSelect}
        onLogout={logout}
      />
      {dialog}
    </>
  );
}
