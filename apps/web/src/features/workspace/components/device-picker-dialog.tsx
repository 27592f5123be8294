import { DEVICE_TYPES, type Device, type DeviceType } from '@toolkit/contracts/devices.ts';
import { useId, useMemo, useState } from 'react';
import { QueryState } from '../../../components/feedback/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { offeredDevices, useDevices } from '../../devices/index.ts';
import { filterOffered } from '../utils/device-search.ts';

const SHOWN = 30;

/** The agency's unassigned devices not in the list yet (§5), searchable and by type. In a Dialog. */
export function DevicePickerDialog({
  clientId,
  listed,
  onPick,
}: {
  clientId: number;
  listed: readonly Device[];
  onPick: (device: Device) => void;
}) {
  const id = useId();
  const devices = useDevices(clientId);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<DeviceType | 'all'>('all');
  const offered = useMemo(() => offeredDevices(devices.data ?? [], listed), [devices.data, listed]);
  const shown = useMemo(() => filterOffered(offered, search, type), [offered, search, type]);
  const types = DEVICE_TYPES.filter((t) => offered.some((d) => d.type === t));
  return (
    <DialogContent title="Add from Device List" description="Unassigned devices of this agency.">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div>
          <Label htmlFor={`${id}-search`}>Search devices</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Device ID, name or type"
            autoComplete="off"
            className="mt-1"
          />
        </div>
        <div role="group" aria-label="Device type" className="flex flex-wrap gap-2">
          {(['all', ...types] as const).map((t) => (
            <Button
              key={t}
              variant={t === type ? 'primary' : 'outline'}
              aria-pressed={t === type}
              onClick={() => setType(t)}
            >
              {t === 'all' ? 'All' : t}
            </Button>
          ))}
        </div>
        <QueryState
          query={devices}
          noun="devices"
          emptyText="No unassigned device matches."
          isEmpty={() => shown.length === 0}
        >
          {() => (
            <ul
              aria-label="Unassigned devices"
              className="grid grid-cols-[minmax(0,1fr)] max-h-[45dvh] gap-2 overflow-y-auto"
            >
              {shown.slice(0, SHOWN).map((d) => (
                <li key={d.id}>
                  <Button
                    variant="outline"
                    className="w-full justify-between text-left"
                    onClick={() => onPick(d)}
                  >
                    <span className="min-w-0 break-all">{d.deviceId}</span>
                    <span className="text-muted-foreground">{d.type}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </DialogContent>
  );
}
