import { QuickAssign } from '../../features/devices/components/quick-assign.tsx';
import { OverviewScreen } from '../../features/overview/components/overview-screen.tsx';
import { WithVehicleChooser } from '../parts/resource-parts.tsx';

/** The route composes the two features: the fleet counts, and the devices feature's quick assignment. */
export function Component() {
  return (
    <OverviewScreen
      quickAssign={(clientId) => (
        <WithVehicleChooser>
          <QuickAssign clientId={clientId} />
        </WithVehicleChooser>
      )}
    />
  );
}
