import { Camera, Info, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import {
  AddVehicleDialog,
  usePreloadVehicleDialogs,
  VehicleActionDialogs,
  type CreateVehicleOutcome,
  type VehicleDialog,
  type VehicleListItem,
} from '../../vehicles/index.ts';

const SHOWN = 6;
const STATUS_TONES = { online: 'success', unknown: 'warning', offline: 'destructive' } as const;

type VehicleSectionProps = {
  clientId: number;
  vehicles: readonly VehicleListItem[];
  loading: boolean;
  /** The list's offline state: its copy's age, or that nothing is saved yet. */
  listStatus?: ReactNode;
  vehicle: VehicleListItem | null;
  onSelect: (vehicle: VehicleListItem | null) => void;
  onCreated: (outcome: CreateVehicleOutcome) => void;
};

/** Its status, or for a vehicle made without signal the vehicle list's 'Pending sync' (it has none yet). */
function StatusBadge({ vehicle, className }: { vehicle: VehicleListItem; className?: string }) {
  return vehicle.pendingSync ? (
    <Badge tone="warning" className={className}>
      Pending sync
    </Badge>
  ) : (
    <Badge tone={STATUS_TONES[vehicle.connectionStatus]} className={className}>
      {vehicle.connectionStatus}
    </Badge>
  );
}

/** Choose the bus of the job: search and select, or create one; then its information and photos. */
export function VehicleSection(props: VehicleSectionProps) {
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <CardTitle>Vehicle</CardTitle>
      {props.vehicle ? (
        <ChosenVehicle
          clientId={props.clientId}
          vehicle={props.vehicle}
          onClear={() => props.onSelect(null)}
        />
      ) : (
        <VehicleSearch {...props} />
      )}
    </Card>
  );
}

function VehicleSearch({
  clientId,
  vehicles,
  loading,
  listStatus,
  onSelect,
  onCreated,
}: VehicleSectionProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const matches = useMemo(() => {
    const q = deferred.trim().toLowerCase();
    // A vehicle created without signal can be chosen at once: what is done on it waits for it.
    return vehicles.filter(
      (v) =>
        q === '' ||
        v.vehicleId.toLowerCase().includes(q) ||
        (v.description ?? '').toLowerCase().includes(q) ||
        (v.route ?? '').toLowerCase().includes(q),
    );
  }, [vehicles, deferred]);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div>
        <AddVehicleDialog clientId={clientId} existing={vehicles} onCreated={onCreated} />
      </div>
      <div>
        <Label htmlFor={`${id}-search`}>Search vehicles</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Vehicle ID, description or route"
          autoComplete="off"
          className="mt-1"
        />
      </div>
      {listStatus}
      {loading ? (
        <LoadingState label="Loading vehicles" rows={3} rowClassName="h-12" />
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {matches.length === 0
              ? 'No vehicle matches'
              : `${String(matches.length)} vehicles${matches.length > SHOWN ? `, first ${String(SHOWN)} shown` : ''}`}
          </p>
          <ul aria-label="Matching vehicles" className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {matches.slice(0, SHOWN).map((v) => (
              <li key={v.rowKey}>
                <Button
                  variant="outline"
                  className="h-auto w-full justify-between py-2 text-left"
                  onClick={() => onSelect(v)}
                >
                  {/* The fleet number is what the installer reads off the bus: it leads; the
                      description takes one line below it, so every row has the same height and
                      six fit on a phone's screen (the whole of it shows once the bus is chosen). */}
                  <span className="grid min-w-0">
                    <span className="break-all">{v.vehicleId}</span>
                    {v.description ? (
                      <span className="truncate text-sm font-normal text-muted-foreground">
                        <span className="sr-only"> · </span>
                        {v.description}
                      </span>
                    ) : null}
                  </span>
                  <StatusBadge vehicle={v} className="shrink-0" />
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ChosenVehicle({
  clientId,
  vehicle,
  onClear,
}: {
  clientId: number;
  vehicle: VehicleListItem;
  onClear: () => void;
}) {
  const [dialog, setDialog] = useState<VehicleDialog>(null);
  usePreloadVehicleDialogs();
  const makeModel = [vehicle.make, vehicle.model, vehicle.year].filter((v) => v !== null).join(' ');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted p-3">
        <div className="min-w-0">
          <p className="text-xl font-bold break-all">Vehicle {vehicle.vehicleId}</p>
          {vehicle.description && <p className="break-words">{vehicle.description}</p>}
          {makeModel && <p className="text-muted-foreground">{makeModel}</p>}
          <p className="font-mono text-sm break-all">VIN {vehicle.vin ?? '—'}</p>
        </div>
        <StatusBadge vehicle={vehicle} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        {/* Vehicle Info and a photo of a vehicle made without signal wait for its create
            (decision 036). */}
        <Button variant="secondary" onClick={() => setDialog({ action: 'info', vehicle })}>
          <Info aria-hidden className="size-5" /> Vehicle Info
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ action: 'picture', vehicle })}>
          <Camera aria-hidden className="size-5" /> Add Photo
        </Button>
      </div>
      <Button variant="outline" onClick={onClear}>
        <X aria-hidden className="size-5" /> Clear vehicle
      </Button>
      <VehicleActionDialogs dialog={dialog} clientId={clientId} onClose={() => setDialog(null)} />
    </div>
  );
}
