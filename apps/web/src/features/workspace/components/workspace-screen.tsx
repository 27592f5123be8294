import { useEffect } from 'react';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LazyPart } from '../../../components/feedback/lazy-part.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { useClientId } from '../../../lib/use-selected-client.ts';
import { useChosenVehicle } from '../hooks/use-chosen-vehicle.ts';
import { VehicleSection } from './vehicle-section.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';

/**
 * The panels of the chosen vehicle (and their forms' code): not part of the workspace's first load,
 * asked for as the workspace opens (ClientWorkspace), while the vehicle list (or the vehicle) loads.
 */
const vehicleWork = lazyModule(() => import('./vehicle-work.tsx'));

const vehicleWorkLoading = <LoadingState label="Loading the vehicle's work" rows={2} rowClassName="h-32" />;

/** The installer workspace (§2): the job screen for one bus of the selected client. */
export function WorkspaceScreen() {
  // Rendered under the route guard 'a client must be selected' (§2): 'No Client Selected' without one.
  const clientId = useClientId();
  return <ClientWorkspace key={clientId} clientId={clientId} />;
}

function ClientWorkspace({ clientId }: { clientId: number }) {
  const chosen = useChosenVehicle(clientId);
  const { vehicle, jobKey, list, items, listPhase, single, missing } = chosen;
  useEffect(() => {
    vehicleWork.load().catch((error: unknown) => console.warn("Could not load the vehicle's work", error));
  }, []);
  return (
    <>
      <WorkspaceHeader clientId={clientId} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {chosen.loadingVehicle ? (
          <LoadingState label="Loading the vehicle" rows={1} rowClassName="h-32" />
        ) : (
          <>
            {chosen.vehicleOffline ? (
              <NothingSavedState variant="inline" noun="vehicle" query={single} />
            ) : (
              missing && (
                <ErrorState variant="inline" title="Vehicle not found in this agency. Choose another one." />
              )
            )}
            <VehicleSection
              clientId={clientId}
              vehicles={items}
              loading={listPhase === 'loading'}
              listStatus={
                listPhase === 'offline' ? (
                  <NothingSavedState variant="inline" noun="vehicles" query={list} />
                ) : (
                  <SavedCopyNotice query={list} what="vehicles" className="mb-0" />
                )
              }
              vehicle={vehicle}
              onSelect={chosen.onSelect}
              onCreated={chosen.onCreated}
            />
          </>
        )}
        {vehicle && jobKey !== null && (
          // Keyed by the job: clearing or changing the vehicle empties the assignment list (§4); a
          // vehicle made without signal keeps its job when its create goes and it takes its server
          // id. Until then, what reads the server waits for it (decision 045).
          <div key={jobKey} className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <LazyPart module={vehicleWork} what="the vehicle's work" fallback={vehicleWorkLoading}>
              {(part) => <part.VehicleWork clientId={clientId} vehicle={vehicle} />}
            </LazyPart>
          </div>
        )}
      </div>
    </>
  );
}
