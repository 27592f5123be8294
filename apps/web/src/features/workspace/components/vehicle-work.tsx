import type { VehicleListItem } from '../../vehicles/index.ts';
import { AssignmentPanel } from './assignment-panel.tsx';
import { ConfigValidator } from './config-validator.tsx';
import { DeviceStatusPanel } from './device-status-panel.tsx';
import { InstallationLog } from './installation-log.tsx';

/**
 * The work on the chosen vehicle: assignment, device status, the configuration test and the
 * installation log. A chunk of its own (workspace-screen.tsx): the workspace draws its header and
 * vehicle list without it, and asks for it as it opens.
 */
export function VehicleWork({ clientId, vehicle }: { clientId: number; vehicle: VehicleListItem }) {
  return (
    <>
      <AssignmentPanel clientId={clientId} vehicle={vehicle} />
      <DeviceStatusPanel vehicle={vehicle} />
      <ConfigValidator vehicle={vehicle} />
      <InstallationLog vehicle={vehicle} />
    </>
  );
}
