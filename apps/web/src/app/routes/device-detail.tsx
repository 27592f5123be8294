import { useParams } from 'react-router';
import { DeviceDetailScreen } from '../../features/devices/components/device-detail-screen.tsx';
import { WithVehicleChooser } from '../parts/resource-parts.tsx';

export function Component() {
  const { deviceId = '' } = useParams();
  return (
    <WithVehicleChooser>
      <DeviceDetailScreen key={deviceId} deviceId={deviceId} />
    </WithVehicleChooser>
  );
}
