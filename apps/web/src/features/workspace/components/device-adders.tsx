import type { Device } from '@toolkit/contracts/devices.ts';
import { List, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { intentHandlers, lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import type { Adder } from './adder-dialog.tsx';

const adderDialog = lazyModule(() => import('./adder-dialog.tsx'));

/**
 * Add from list and Scan label, with their dialog (its code loaded on intent, decision 027). A
 * picked device closes the list once it joined (`onPick` says so); a scanned label closes the
 * camera and goes to `onScanned`.
 */
export function DeviceAdders({
  clientId,
  listed,
  onPick,
  onScanned,
}: {
  clientId: number;
  listed: readonly Device[];
  onPick: (device: Device) => boolean;
  onScanned: (text: string) => void;
}) {
  const [adder, setAdder] = useState<Adder>(null);
  const [adderModule, preloadAdder] = useLazyModule(adderDialog);
  const openAdder = (which: Adder) => {
    preloadAdder();
    setAdder(which);
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="secondary" {...intentHandlers(preloadAdder)} onClick={() => openAdder('list')}>
        <List aria-hidden className="size-5" /> Add from list
      </Button>
      <Button variant="secondary" {...intentHandlers(preloadAdder)} onClick={() => openAdder('scan')}>
        <ScanLine aria-hidden className="size-5" /> Scan label
      </Button>
      {adderModule && (
        <adderModule.AdderDialog
          adder={adder}
          clientId={clientId}
          listed={listed}
          onClose={() => setAdder(null)}
          onPick={(device) => {
            if (onPick(device)) setAdder(null);
          }}
          onScanned={(text) => {
            setAdder(null);
            onScanned(text);
          }}
        />
      )}
    </div>
  );
}
