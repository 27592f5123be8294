import { useParams } from 'react-router';
import { InstallationScreen } from '../../features/installation/index.ts';

export function Component() {
  const { vehicleId = '' } = useParams();
  const id = /^\d{1,9}$/.test(vehicleId) ? Number(vehicleId) : 0;
  return <InstallationScreen key={id} vehicleId={id} />;
}
