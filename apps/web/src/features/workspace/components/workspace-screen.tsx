import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { useClientId } from '../../../lib/use-selected-client.ts';
import { serverIdFor } from '../../../lib/outbox/outbox.ts';
import {
  offlineKeyOf,
  useVehicleList,
  type CreateVehicleOutcome,
  type VehicleListItem,
  listItemOf,
  useVehicle,
} from '../../vehicles/index.ts';
import { AssignmentPanel } from './assignment-panel.tsx';
import { ConfigValidator } from './config-validator.tsx';
import { DeviceStatusPanel } from './device-status-panel.tsx';
import { InstallationLog } from './installation-log.tsx';
import { PendingVehicleNotes } from './pending-vehicle-notes.tsx';
import { VehicleSection } from './vehicle-section.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';

export const VEHICLE_PARAM = 'vehicleId';
/** A vehicle created without signal, by its create's Idempotency-Key, until the server has it. */
export const LOCAL_VEHICLE_PARAM = 'localVehicle';

/** The installer workspace (§2): the job screen for one bus of the selected client. */
export function WorkspaceScreen() {
  // Rendered under the route guard 'a client must be selected' (§2): 'No Client Selected' without one.
  const clientId = useClientId();
  return <ClientWorkspace key={clientId} clientId={clientId} />;
}

function parseVehicleParam(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

function ClientWorkspace({ clientId }: { clientId: number }) {
  const [params, setParams] = useSearchParams();
  const wanted = parseVehicleParam(params.get(VEHICLE_PARAM));
  const localKey = params.get(LOCAL_VEHICLE_PARAM);
  const { list, items, edits } = useVehicleList(clientId);
  const pending = localKey === null ? null : (items.find((v) => offlineKeyOf(v) === localKey) ?? null);
  const listed = wanted === null ? null : (items.find((v) => v.id === wanted && !v.pendingSync) ?? null);
  // Not (yet) in the agency's list, e.g. just created or the list still loading: asked for alone.
  const single = useVehicle(wanted, listed === null);
  const vehicle: VehicleListItem | null =
    pending ??
    listed ??
    (single.data && single.data.clientId === clientId
      ? listItemOf(single.data, edits.get(single.data.id))
      : null);
  // The chosen vehicle lives in the URL, so a reload keeps it.
  const choose = (id: number | null) =>
    setParams(id === null ? {} : { [VEHICLE_PARAM]: String(id) }, { replace: true });
  const chooseLocal = (key: string) => setParams({ [LOCAL_VEHICLE_PARAM]: key }, { replace: true });
  const onSelect = (v: VehicleListItem | null) => {
    const key = v && offlineKeyOf(v);
    if (key) chooseLocal(key);
    else choose(v?.id ?? null);
  };
  const onCreated = (outcome: CreateVehicleOutcome) => {
    if (outcome.kind === 'created') choose(outcome.vehicle.id);
    else chooseLocal(outcome.vehicle.localId);
  };
  // Once the server has the vehicle made without signal, the workspace goes on with its id.
  const gone = localKey !== null && pending === null;
  useEffect(() => {
    if (!gone) return;
    let live = true;
    void serverIdFor(localKey).then((id) => {
      if (live && id !== null) setParams({ [VEHICLE_PARAM]: String(id) }, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [gone, localKey, setParams, items]);
  const missing = wanted !== null && vehicle === null;
  const listPhase = queryPhase(list);
  const singlePhase = queryPhase(single);
  const loadingVehicle = missing && (listPhase === 'loading' || singlePhase === 'loading');
  // Offline, the chosen vehicle is shown from the list's copy or its own; with neither, it says so.
  const vehicleOffline = missing && (listPhase === 'offline' || singlePhase === 'offline');

  return (
    <>
      <WorkspaceHeader clientId={clientId} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {loadingVehicle ? (
          <LoadingState label="Loading the vehicle" rows={1} rowClassName="h-32" />
        ) : (
          <>
            {vehicleOffline ? (
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
              onSelect={onSelect}
              onCreated={onCreated}
            />
          </>
        )}
        {pending && localKey !== null && (
          // Not on the server yet: the list, new devices and notes wait for it (decision 036).
          <div key={pending.rowKey} className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <AssignmentPanel clientId={clientId} vehicle={pending} />
            <PendingVehicleNotes vehicle={pending} />
          </div>
        )}
        {vehicle && !pending && (
          // Keyed by vehicle: clearing or changing the vehicle empties the assignment list (§4).
          <div key={vehicle.id} className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <AssignmentPanel clientId={clientId} vehicle={vehicle} />
            <DeviceStatusPanel vehicle={vehicle} />
            <ConfigValidator vehicle={vehicle} />
            <InstallationLog vehicle={vehicle} />
          </div>
        )}
      </div>
    </>
  );
}
