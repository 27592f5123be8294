import { useParams } from 'react-router';
import { DeviceDetailScreen } from '../../features/devices/components/device-detail-screen.tsx';

export function Component() {
  const { deviceId = '' } = useParams();
  return <DeviceDetailScreen key={deviceId} deviceId={deviceId} />;
}
