import type { DeviceType } from '@toolkit/contracts/devices.ts';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { intentHandlers } from '../../../lib/lazy-module.ts';
import { CreateDeviceDialog } from '../../devices/index.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';

/** The types a new device can have here: Create Device is not offered for type Other (§5). */
const NEW_DEVICE_TYPES = ['GPS', 'Tablet', 'Router', 'APC'] as const satisfies readonly DeviceType[];

/**
 * A device not in the agency yet, created here on this vehicle (§2 Create Device), its serial
 * number prefilled with the id the installer typed or scanned and nobody knew (`unknownId`).
 */
export function NewDeviceControl({
  clientId,
  vehicle,
  unknownId,
  onCreated,
}: {
  clientId: number;
  vehicle: VehicleListItem;
  unknownId: string;
  onCreated: () => void;
}) {
  const id = useId();
  const [creating, setCreating] = useState(false);
  const [newType, setNewType] = useState<DeviceType>('GPS');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
      <Label htmlFor={`${id}-new-type`}>New device type</Label>
      <div className="flex gap-2">
        <select
          id={`${id}-new-type`}
          className={fieldClasses}
          value={newType}
          onChange={(e) => setNewType(NEW_DEVICE_TYPES.find((t) => t === e.target.value) ?? 'GPS')}
        >
          {NEW_DEVICE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          className="shrink-0"
          {...intentHandlers(CreateDeviceDialog.preload)}
          onClick={() => setCreating(true)}
        >
          <Plus aria-hidden className="size-5" /> Create Device
        </Button>
      </div>
      {unknownId && (
        <p className="text-muted-foreground">
          {unknownId} is not in this agency yet: Create Device adds it to {vehicle.vehicleId}.
        </p>
      )}
      <CreateDeviceDialog
        clientId={clientId}
        type={newType}
        vehicleId={vehicle.id}
        serialNumber={unknownId}
        open={creating}
        onOpenChange={setCreating}
        onCreated={onCreated}
      />
    </div>
  );
}
