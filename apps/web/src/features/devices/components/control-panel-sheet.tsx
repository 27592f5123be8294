import type { Device } from '@toolkit/contracts/devices.ts';
import { Sheet, SheetContent } from '../../../components/ui/sheet.tsx';
import { GpsSmsPanel } from './gps-sms-panel.tsx';
import { LocalPagePanel } from './local-page-panel.tsx';
import { TabletPanel } from './tablet-panel.tsx';

function PanelBody({ device }: { device: Device }) {
  switch (device.type) {
    case 'GPS':
      return <GpsSmsPanel device={device} />;
    case 'Tablet':
      return <TabletPanel device={device} />;
    case 'APC':
    case 'Router':
      return <LocalPagePanel device={device} />;
    case 'Other':
      return null;
  }
}

/** The control panel as a bottom sheet (control-panel.tsx loads it when its button is reached for). */
export function ControlPanelSheet({ device, onClose }: { device: Device; onClose: () => void }) {
  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent
        title={`Control Panel: ${device.deviceId}`}
        description={`${device.type}${device.deviceSystem ? ` · ${device.deviceSystem}` : ''}`}
      >
        <PanelBody device={device} />
      </SheetContent>
    </Sheet>
  );
}
