import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useVehicles } from '../api/get-vehicles.ts';
import { VehiclePicker } from './vehicle-picker.tsx';

type VehicleChooserProps = {
  clientId: number;
  /** The list is fetched only once the chooser is in use. */
  enabled: boolean;
  excludeId: number | null;
  selectedId: number | null;
  onSelect: (vehicle: Vehicle) => void;
  /** Puts the cursor in the search box as soon as it appears. */
  autoFocus?: boolean;
};

/** The agency's vehicles to search and tap, with their loading and failure states. */
export function VehicleChooser({
  clientId,
  enabled,
  excludeId,
  selectedId,
  onSelect,
  autoFocus = false,
}: VehicleChooserProps) {
  const vehicles = useVehicles(clientId, enabled);
  if (vehicles.isPending) {
    return (
      <div role="status" aria-label="Loading vehicles" className="grid gap-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    );
  }
  if (vehicles.isError) {
    return (
      <div role="alert" className="grid gap-2">
        <p className="font-semibold">Could not load the vehicles</p>
        <p className="text-muted-foreground">
          {errorMessage(vehicles.error, 'Please check your connection and try again.')}
        </p>
        <Button variant="outline" onClick={() => void vehicles.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <VehiclePicker
      vehicles={vehicles.data}
      excludeId={excludeId}
      selectedId={selectedId}
      onSelect={onSelect}
      autoFocus={autoFocus}
    />
  );
}
