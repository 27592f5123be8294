import { DEVICE_MESSAGES, DEVICE_TYPES, type Device, type DeviceType } from '@toolkit/contracts/devices.ts';
import { ScanLine, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
// The devices feature shares its Create Device dialog and its assignment for this screen.
import { useAssignDevices } from '../api/assign-devices.ts';
import { useDevices } from '../api/get-devices.ts';
import { useAssignmentList } from '../hooks/use-assignment-list.ts';
import { CreateDeviceDialog } from './lazy-dialogs.ts';
import { LabelScannerDialog } from '../../../components/capture/label-scanner-dialog.tsx';

type TypeFilter = 'all' | DeviceType;
const FILTERS: readonly TypeFilter[] = ['all', ...DEVICE_TYPES];
type CreatableType = Exclude<DeviceType, 'Other'>;
const CREATABLE: readonly CreatableType[] = DEVICE_TYPES.filter((t): t is CreatableType => t !== 'Other');

/** What a label or the search may name a device by: its id, name, serial, ESN, IMEI or SIM. */
const searchText = (d: Device) =>
  [d.deviceId, d.name, d.serialNumber, d.serialNumberESN, d.imei, d.simCardId]
    .filter((v) => v !== null)
    .join(' ')
    .toLowerCase();

/** Add Device (§2): pick a type, then assign one of the agency's unassigned devices of that type. */
/** The vehicle a device is added to, as the vehicles feature hands it over (decision 032). */
type AddDeviceDialogProps = {
  /** A vehicle made without signal has its local id: the outbox holds what is done here (decision 043). */
  vehicle: { id: number; vehicleId: string };
  clientId: number;
  onDone: () => void;
};

export function AddDeviceDialog({ vehicle, clientId, onDone }: AddDeviceDialogProps) {
  const [type, setType] = useState<TypeFilter>('all');
  const [creating, setCreating] = useState<CreatableType | null>(null);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState(false);
  const searchId = useId();
  const devices = useDevices(clientId);
  const phase = queryPhase(devices);
  const assign = useAssignDevices();
  // The device picked, as the installer saw it (a spare): a new pick replaces it.
  const chosen = useAssignmentList(clientId, { single: true });
  const unassigned = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return (devices.data ?? []).filter(
      (d) =>
        d.vehicleId === null &&
        (type === 'all' || d.type === type) &&
        (wanted === '' || searchText(d).includes(wanted)),
    );
  }, [devices.data, type, search]);

  const onAssign = (device: Device) => {
    chosen.add(device);
    void assign.assign(chosen.assignmentTo(vehicle.id), {
      vehicleLabel: vehicle.vehicleId,
      onAssigned: onDone,
      onQueued: onDone,
    });
  };

  return (
    <DialogContent
      title="Add Device"
      description={`Assign an unassigned device to ${vehicle.vehicleId}, or create a new one.`}
    >
      <div role="group" aria-label="Device type" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={type === f}
            onClick={() => setType(f)}
            className={cn(
              'min-h-11 min-w-11 rounded-lg border-2 px-3 font-semibold',
              type === f
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-surface hover:bg-surface-muted',
            )}
          >
            {f === 'all' ? 'All' : f}
          </button>
        ))}
      </div>
      <div role="group" aria-label="Create a new device" className="mb-3 flex flex-wrap items-center gap-2">
        {(type === 'all' ? CREATABLE : CREATABLE.filter((t) => t === type)).map((t) => (
          <Button
            key={t}
            variant="outline"
            className={type === 'all' ? undefined : 'w-full'}
            aria-label={`Create New ${t} Device`}
            onClick={() => setCreating(t)}
          >
            {type === 'all' ? `New ${t}` : `Create New ${t} Device`}
          </Button>
        ))}
      </div>
      <CreateDeviceDialog
        clientId={clientId}
        type={creating ?? 'GPS'}
        vehicleId={vehicle.id}
        open={creating !== null}
        onOpenChange={(open) => {
          if (!open) setCreating(null);
        }}
        onCreated={onDone}
      />
      <div className="mb-3 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search unassigned devices
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setScanned(false);
            }}
            placeholder="Device ID, serial or IMEI"
            autoComplete="off"
            enterKeyHint="search"
            className="pl-10"
          />
        </div>
        <Button variant="outline" onClick={() => setScanning(true)}>
          <ScanLine aria-hidden className="size-5" /> Scan
        </Button>
      </div>
      <Dialog open={scanning} onOpenChange={setScanning}>
        {scanning && (
          <LabelScannerDialog
            onClose={() => setScanning(false)}
            onText={(text) => {
              // The label's text becomes the search: the matching device is the one offered.
              setScanning(false);
              setType('all');
              setSearch(text);
              setScanned(true);
            }}
          />
        )}
      </Dialog>
      {phase === 'loading' && <LoadingState label="Loading devices" rows={2} rowClassName="h-11" />}
      {phase === 'offline' && <NothingSavedState variant="inline" noun="devices" query={devices} />}
      {phase === 'error' && (
        <ErrorState title="Error loading devices" variant="inline" onRetry={() => void devices.refetch()}>
          <p className="text-muted-foreground">Check the connection and try again.</p>
        </ErrorState>
      )}
      {devices.data && unassigned.length === 0 && (
        <p className="rounded-lg bg-surface-muted p-3">
          {scanned
            ? `${DEVICE_MESSAGES.notFound}: no unassigned device of this agency has the label "${search.trim()}".`
            : search.trim()
              ? `No unassigned device matches "${search.trim()}".`
              : `No unassigned ${type === 'all' ? '' : `${type} `}devices in this agency.`}
        </p>
      )}
      {unassigned.length > 0 && (
        <ul
          aria-label="Unassigned devices"
          className="grid max-h-80 gap-2 overflow-y-auto overscroll-contain"
        >
          {unassigned.map((d) => (
            <li
              key={d.id}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-border p-2"
            >
              <span className="grid min-w-0">
                <span className="font-semibold whitespace-nowrap">{d.deviceId}</span>
                <span className="break-words text-muted-foreground">
                  {d.type}
                  {d.name ? ` • ${d.name}` : ''}
                </span>
              </span>
              <Button
                size="md"
                onClick={() => onAssign(d)}
                disabled={assign.isPending}
                aria-label={`Assign ${d.deviceId}`}
              >
                Assign
              </Button>
            </li>
          ))}
        </ul>
      )}
    </DialogContent>
  );
}
