import { WorkspaceScreen } from '../../features/workspace/index.ts';
import { WithVehicleParts } from '../parts/resource-parts.tsx';

/** /dashboard: the installer workspace (§2). */
export function Component() {
  return (
    <WithVehicleParts>
      <WorkspaceScreen />
    </WithVehicleParts>
  );
}
