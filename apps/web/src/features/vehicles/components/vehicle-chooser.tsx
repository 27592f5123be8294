import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useVehicleChoices } from '../api/get-vehicles.ts';
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
  const vehicles = useVehicleChoices(clientId, enabled);
  // The list kept on this phone serves offline (a failed refresh keeps it).
  if (vehicles.data !== undefined) {
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
  const phase = queryPhase(vehicles);
  if (phase === 'offline') return <NothingSavedState variant="inline" noun="vehicles" query={vehicles} />;
  if (phase !== 'error') {
    return <LoadingState label="Loading vehicles" rows={2} rowClassName="h-11" className="gap-2" />;
  }
  return (
    <ErrorState title="Could not load the vehicles" variant="inline" onRetry={() => void vehicles.refetch()}>
      <p className="text-muted-foreground">
        {errorMessage(vehicles.error, 'Please check your connection and try again.')}
      </p>
    </ErrorState>
  );
}
