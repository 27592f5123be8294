import type { SyncStatusResponse } from '@toolkit/contracts/devices.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { providerError } from '../../lib/provider-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import type { FleetProvider } from '../../providers/fleet/fleet-provider.ts';
import { countPendingByDevice } from '../sync/outbox.repository.ts';
import { vehicleLabelsByExternalId } from '../vehicles/vehicles.repository.ts';
import { findClientExternalId, listLocalAssignments } from './devices.repository.ts';

type SyncState = SyncStatusResponse['syncStatus'][number]['state'];

/** Compares local assignments with the external system's, device by device. */
export async function syncStatus(
  db: Db,
  provider: FleetProvider,
  user: AuthUser,
  clientId: number,
): Promise<SyncStatusResponse> {
  assertClientAccess(user, clientId);
  const externalId = await findClientExternalId(db, clientId);
  if (externalId === null) throw notFound('Client');
  let remote;
  try {
    remote = await provider.listDevices(externalId);
  } catch (err) {
    providerError(err, 'Sync Check Failed');
  }
  const local = await listLocalAssignments(db, clientId);
  const pending = await countPendingByDevice(db, clientId);
  const remoteByNav = new Map(remote.map((d) => [d.externalId, d]));
  const labels = await vehicleLabelsByExternalId(db, clientId);
  const label = (ext: string | null) => (ext === null ? null : (labels.get(ext) ?? ext));
  const syncStatusList: SyncStatusResponse['syncStatus'] = [];
  const seen = new Set<string>();
  for (const d of local) {
    const pushes = pending.get(d.id) ?? 0;
    const localLabel = d.vehicleId === null ? null : d.vehicleLabel;
    const r = d.nav ? remoteByNav.get(d.nav) : undefined;
    if (d.nav) seen.add(d.nav);
    const add = (state: SyncState, navigatorVehicleId: string | null, detail: string) =>
      syncStatusList.push({
        deviceId: d.deviceId,
        state,
        localVehicleId: localLabel,
        navigatorVehicleId,
        pendingPushes: pushes,
        detail,
      });
    if (!d.nav || !r) {
      add('needsSync', null, 'Not yet in the external system');
      continue;
    }
    const localExt = d.vehicleId === null ? null : (d.vehicleExt ?? `local:${String(d.vehicleId)}`);
    const remoteLabel = label(r.vehicleExternalId);
    if (localExt === r.vehicleExternalId) {
      add('inSync', remoteLabel, 'Same assignment on both sides');
    } else if (d.vehicleId !== null && !d.vehicleExt) {
      add('needsSync', remoteLabel, 'Assigned to a vehicle that exists only locally');
    } else if (r.vehicleExternalId === d.base && pushes > 0) {
      add('needsSync', remoteLabel, 'Local change waiting to be sent');
    } else if (localExt === d.base) {
      add('needsSync', remoteLabel, 'Changed in the external system; the next refresh takes it');
    } else {
      add(
        'conflict',
        remoteLabel,
        `Assigned to ${localLabel ?? 'no vehicle'} here but to ${remoteLabel ?? 'no vehicle'} in the external system`,
      );
    }
  }
  for (const r of remote) {
    if (!seen.has(r.externalId)) {
      syncStatusList.push({
        deviceId: r.deviceId,
        state: 'needsSync',
        localVehicleId: null,
        navigatorVehicleId: label(r.vehicleExternalId),
        pendingPushes: 0,
        detail: 'In the external system, not yet here',
      });
    }
  }
  const count = (s: string) => syncStatusList.filter((x) => x.state === s).length;
  return {
    syncStatus: syncStatusList,
    summary: { inSync: count('inSync'), needsSync: count('needsSync'), conflicts: count('conflict') },
    checkedAt: new Date().toISOString(),
  };
}
