import type { Device } from '@toolkit/contracts/devices.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LabelScannerDialog } from '../../../components/capture/label-scanner-dialog.tsx';
import { DevicePickerDialog } from './device-picker-dialog.tsx';

export type Adder = 'list' | 'scan' | null;

type AdderDialogProps = {
  adder: Adder;
  clientId: number;
  listed: readonly Device[];
  onClose: () => void;
  onPick: (device: Device) => void;
  onScanned: (text: string) => void;
};

/**
 * The two ways to add a device to the assignment list besides typing it: pick from the agency's
 * unassigned devices, or scan its label. Loaded when the installer reaches for one (decision 027).
 */
export function AdderDialog({ adder, clientId, listed, onClose, onPick, onScanned }: AdderDialogProps) {
  return (
    <Dialog open={adder !== null} onOpenChange={(open) => !open && onClose()}>
      {adder === 'list' && <DevicePickerDialog clientId={clientId} listed={listed} onPick={onPick} />}
      {adder === 'scan' && <LabelScannerDialog onClose={onClose} onText={onScanned} />}
    </Dialog>
  );
}
