import type { Device } from '@toolkit/contracts/devices.ts';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet, SheetContent, SheetTrigger } from '../../../components/ui/sheet.tsx';
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

/** The control panel of every type but Other, as a bottom sheet. */
export function ControlPanelButton({ device }: { device: Device }) {
  if (device.type === 'Other') return null;
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline">
          <SlidersHorizontal aria-hidden className="size-5" />
          Control Panel
        </Button>
      </SheetTrigger>
      <SheetContent
        title={`Control Panel: ${device.deviceId}`}
        description={`${device.type}${device.deviceSystem ? ` · ${device.deviceSystem}` : ''}`}
      >
        <PanelBody device={device} />
      </SheetContent>
    </Sheet>
  );
}
