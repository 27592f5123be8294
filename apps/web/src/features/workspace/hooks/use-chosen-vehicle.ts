import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { knownServerIds, localIdOf } from '../../../lib/outbox/outbox.ts';
import {
  listItemOf,
  useVehicle,
  useVehicleList,
  type CreateVehicleOutcome,
  type VehicleListItem,
} from '../../vehicles/index.ts';

const VEHICLE_PARAM = 'vehicleId';
/** How an earlier version named a vehicle made without signal: its create's Idempotency-Key (decision 036). */
const LEGACY_LOCAL_PARAM = 'localVehicle';

/**
 * The chosen vehicle's id in the URL: a server id, or the local (negative) id of a vehicle made
 * without signal whose create has not gone yet (decisions 043, 045).
 */
function parseVehicleParam(params: URLSearchParams): number | null {
  const value = params.get(VEHICLE_PARAM);
  const id = Number(value);
  if (value !== null && Number.isSafeInteger(id) && id !== 0) return id;
  const key = params.get(LEGACY_LOCAL_PARAM);
  return key ? localIdOf(key) : null;
}

/** The server's id of a vehicle made without signal whose create has gone, as this phone knows it. */
function serverIdOf(localId: number): number | null {
  for (const [key, id] of Object.entries(knownServerIds())) if (localIdOf(key) === localId) return id;
  return null;
}

/**
 * The vehicle of the job, kept in the URL so a reload keeps it: a server vehicle (from the agency's
 * list, or asked for alone), or one made without signal, named by its local id and read from the
 * outbox (the server is never asked about a local id). When its create goes, the URL takes the
 * server's id, and what was shown of it stands in until the server's copy is read: the job goes on
 * under the same `jobKey`, nothing on screen lost.
 */
export function useChosenVehicle(clientId: number) {
  const [params, setParams] = useSearchParams();
  const wanted = parseVehicleParam(params);
  const { list, items, edits } = useVehicleList(clientId);
  const local = wanted !== null && wanted < 0;
  const pending = local ? (items.find((v) => v.pendingSync && v.id === wanted) ?? null) : null;
  // Its create has gone: the server's id is known here before the outbox lets go of the create.
  const sent = local && pending === null ? serverIdOf(wanted) : null;
  const serverId = local ? sent : wanted;
  const listed = serverId === null ? null : (items.find((v) => v.id === serverId && !v.pendingSync) ?? null);
  // Not (yet) in the agency's list, e.g. just created or the list still loading: asked for alone.
  const asked = serverId !== null && listed === null;
  const single = useVehicle(serverId, asked);
  const fetched =
    single.data && single.data.clientId === clientId
      ? listItemOf(single.data, edits.get(single.data.id))
      : null;

  // The vehicle made without signal as last shown, for the moment between its create going and the
  // server's copy being read.
  const [held, setHeld] = useState<VehicleListItem | null>(null);
  if (pending !== null && pending !== held) setHeld(pending);
  const heldServerId = held === null ? null : serverIdOf(held.id);
  const carried =
    held !== null && heldServerId !== null && (wanted === held.id || wanted === heldServerId)
      ? { ...held, id: heldServerId, pendingSync: false, rowKey: String(heldServerId) }
      : null;
  const vehicle: VehicleListItem | null = pending ?? listed ?? fetched ?? carried;
  const jobKey =
    vehicle === null
      ? null
      : held !== null && vehicle.id === heldServerId
        ? String(held.id)
        : String(vehicle.id);

  const choose = (id: number | null) =>
    setParams(id === null ? {} : { [VEHICLE_PARAM]: String(id) }, { replace: true });
  const onSelect = (v: VehicleListItem | null) => choose(v?.id ?? null);
  const onCreated = (outcome: CreateVehicleOutcome) =>
    choose(outcome.kind === 'created' ? outcome.vehicle.id : localIdOf(outcome.vehicle.localId));
  // Once the server has the vehicle made without signal, the workspace goes on with its id.
  useEffect(() => {
    if (sent !== null) setParams({ [VEHICLE_PARAM]: String(sent) }, { replace: true });
  }, [sent, setParams]);

  const missing = wanted !== null && vehicle === null;
  const listPhase = queryPhase(list);
  const singlePhase = asked ? queryPhase(single) : null;
  return {
    vehicle,
    jobKey,
    list,
    items,
    listPhase,
    single,
    missing,
    loadingVehicle: missing && (listPhase === 'loading' || singlePhase === 'loading'),
    // Offline, the chosen vehicle is shown from the list's copy or its own; with neither, it says so.
    vehicleOffline: missing && (listPhase === 'offline' || singlePhase === 'offline'),
    onSelect,
    onCreated,
  };
}
