import type { Device } from '@toolkit/contracts/devices.ts';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { lazyModule, useLazyDialog } from '../../../lib/lazy-module.ts';

const sheet = lazyModule(() => import('./control-panel-sheet.tsx'));

/**
 * The control panel of every type but Other, as a bottom sheet; its code (the panels, the sheet)
 * loads when the installer reaches for the button (decision 027).
 */
export function ControlPanelButton({ device }: { device: Device }) {
  const dialog = useLazyDialog(sheet);
  if (device.type === 'Other') return null;
  return (
    <>
      <Button variant="outline" {...dialog.trigger}>
        <SlidersHorizontal aria-hidden className="size-5" />
        Control Panel
      </Button>
      {dialog.loaded && <dialog.loaded.ControlPanelSheet device={device} onClose={dialog.close} />}
    </>
  );
}
