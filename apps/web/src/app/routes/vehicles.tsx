import { VehiclesScreen } from '../../features/vehicles/components/vehicles-screen.tsx';

export function Component() {
  return <VehiclesScreen />;
}
