import { Camera, Info, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
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
/** Two actions side by side on a 360 px phone, one line each (the Button's own padding is wider). */
const SMALL = 'gap-1! px-1.5! text-sm';
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

/** Choose the bus of the job: search and select, or create one; then the bus, its information and photos. */
export function VehicleSection(props: VehicleSectionProps) {
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
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
      <CardTitle>Vehicle</CardTitle>
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

/**
 * The chosen bus in two lines (decision 050): its fleet number, status and Clear, then what it
 * is; Vehicle Info (VIN and the rest) and Add Photo in one row under them.
 */
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
  const { description } = vehicle;
  const makeModel = [vehicle.make, vehicle.model, vehicle.year].filter((v) => v !== null);
  // What the bus is, in one line: make, model and year unless its description says them all (the
  // fleet system's descriptions start with them), then the description.
  const identity = [
    makeModel.some((v) => !description?.includes(String(v))) && makeModel.join(' '),
    description,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <CardTitle className="break-all">Vehicle {vehicle.vehicleId}</CardTitle>
          <StatusBadge vehicle={vehicle} />
        </div>
        {/* Far from the thumb, as clearing empties the assignment list (§4); 44 px, its
            margins taken back so that it does not make the line taller. */}
        <IconButton label="Clear vehicle" className="-my-2 -mr-2 shrink-0" onClick={onClear}>
          <X aria-hidden className="size-6" />
        </IconButton>
      </div>
      {identity && <p className="-mt-2 text-sm break-words text-muted-foreground">{identity}</p>}
      <div className="grid grid-cols-2 gap-2">
        {/* Vehicle Info and a photo of a vehicle made without signal wait for its create
            (decision 036). */}
        <Button variant="secondary" className={SMALL} onClick={() => setDialog({ action: 'info', vehicle })}>
          <Info aria-hidden className="size-4" /> Vehicle Info
        </Button>
        <Button
          variant="secondary"
          className={SMALL}
          onClick={() => setDialog({ action: 'picture', vehicle })}
        >
          <Camera aria-hidden className="size-4" /> Add Photo
        </Button>
      </div>
      <VehicleActionDialogs dialog={dialog} clientId={clientId} onClose={() => setDialog(null)} />
    </>
  );
}
