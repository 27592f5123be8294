import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DevicesScreen } from '../../features/devices/components/devices-screen.tsx';
import { WithVehicleChooser } from '../parts/resource-parts.tsx';

export function Component() {
  const [params, setParams] = useSearchParams();
  const deviceId = params.get('deviceId');
  // §2: the deviceId parameter auto-expands that device, and is consumed once, then removed from the URL.
  useEffect(() => {
    if (deviceId === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('deviceId');
        return next;
      },
      { replace: true },
    );
  }, [deviceId, setParams]);
  return (
    <WithVehicleChooser>
      <DevicesScreen focusDeviceId={deviceId} />
    </WithVehicleChooser>
  );
}
