import { Building2, ClipboardCheck, Menu as MenuIcon } from 'lucide-react';
import { paths } from '../../config/paths.ts';
import { Menu, MenuItem } from '../ui/menu.tsx';

/** The header's menu: the installer workspace (where an installation starts) and the client choice. */
export function HeaderMenu() {
  return (
    <Menu label="Menu" icon={MenuIcon} variant="ghost">
      <MenuItem icon={ClipboardCheck} to={paths.dashboard}>
        Installer Workspace
      </MenuItem>
      <MenuItem icon={Building2} to={paths.clients}>
        Select Client
      </MenuItem>
    </Menu>
  );
}
