import { VehiclesScreen } from '../../features/vehicles/components/vehicles-screen.tsx';
import { WithVehicleParts } from '../parts/resource-parts.tsx';

export function Component() {
  return (
    <WithVehicleParts>
      <VehiclesScreen />
    </WithVehicleParts>
  );
}
