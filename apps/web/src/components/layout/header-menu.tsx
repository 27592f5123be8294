import { Building2, ClipboardCheck, ListChecks, Menu as MenuIcon } from 'lucide-react';
import { paths } from '../../config/paths.ts';
import { Menu, type MenuEntry } from '../ui/menu.tsx';

const ITEMS: readonly MenuEntry[] = [
  { icon: ClipboardCheck, label: 'Installer Workspace', to: paths.dashboard },
  { icon: ListChecks, label: 'Campaigns', to: paths.campaigns },
  { icon: Building2, label: 'Select Client', to: paths.clients },
];

/** The header's menu: the installer workspace (where an installation starts), the campaigns and the client choice. */
export function HeaderMenu() {
  return <Menu label="Menu" icon={MenuIcon} variant="ghost" items={ITEMS} />;
}
