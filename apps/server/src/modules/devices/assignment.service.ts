import { and, eq } from 'drizzle-orm';
import type {
  AssignDevicesInput,
  AssignDevicesResponse,
  AssignmentResult,
  UnassignDeviceInput,
  UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { DEVICE_MESSAGES } from '@toolkit/contracts/devices.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { assertClientAccess, type AppDeps } from '../../app-deps.ts';
import { devices, installationLogs, vehicles } from '../../db/schema/tables.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { deviceSubject } from '../sync/outbox.service.ts';
import { bumpRevision } from '../sync/revision.ts';
import { findDevice, listDevicesByVehicle, recordMove } from './devices.repository.ts';

/**
 * Assign, reassign and unassign: written locally first (device, history, log, outbox in one
 * transaction), then pushed to the external system; a push that fails stays in the outbox.
 */
export async function assignDevices(
  deps: AppDeps,
  user: AuthUser,
  input: AssignDevicesInput,
): Promise<AssignDevicesResponse> {
  assertClientAccess(user, input.clientId);
  const [vehicle] = await deps.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, input.vehicleId), eq(vehicles.clientId, input.clientId)))
    .limit(1);
  if (!vehicle) throw notFound('Vehicle');

  const results: AssignmentResult[] = [];
  for (const deviceId of [...new Set(input.deviceIds)]) {
    const device = await findDevice(deps.db, deviceId);
    if (!device || device.clientId !== input.clientId) {
      results.push({
        deviceId,
        navigatorAssigned: false,
        localAssigned: false,
        error: DEVICE_MESSAGES.notFound,
        previousVehicleId: null,
      });
      continue;
    }
    const previousVehicleId = device.vehicleId;
    if (previousVehicleId !== vehicle.id) {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(devices)
          .set({ vehicleId: vehicle.id, updatedAt: new Date() })
          .where(eq(devices.id, device.id));
        await recordMove(tx, {
          deviceRowId: device.id,
          to: { id: vehicle.id, label: vehicle.vehicleId },
          userId: user.id,
        });
        await tx.insert(installationLogs).values({
          userId: user.id,
          clientId: input.clientId,
          vehicleId: vehicle.id,
          deviceId,
          action: LOG_ACTIONS.deviceAssignment,
          details:
            previousVehicleId === null
              ? `Assigned to vehicle ${vehicle.vehicleId}`
              : `Reassigned from ${device.vehicleLabel ?? 'another vehicle'} to ${vehicle.vehicleId}`,
        });
        await deps.outbox.enqueue(tx, {
          kind: 'device-assignment',
          subject: deviceSubject(device.id),
          clientId: input.clientId,
          deviceId: device.id,
          payload: {},
        });
        await bumpRevision(tx, input.clientId);
      });
    } else {
      await deps.outbox.enqueue(deps.db, {
        kind: 'device-assignment',
        subject: deviceSubject(device.id),
        clientId: input.clientId,
        deviceId: device.id,
        payload: {},
      });
    }
    const outcome = await deps.outbox.pushNow(deviceSubject(device.id));
    results.push({
      deviceId,
      navigatorAssigned: outcome.pushed,
      localAssigned: true,
      error: outcome.localOnly ? null : outcome.error,
      previousVehicleId,
    });
  }

  const assigned = results.filter((r) => r.localAssigned).length;
  const inNavigator = results.filter((r) => r.navigatorAssigned).length;
  const message =
    assigned === 0
      ? DEVICE_MESSAGES.assignFailed
      : inNavigator > 0
        ? `${String(inNavigator)} devices successfully assigned to the external system.`
        : `${String(assigned)} devices assigned locally...`;
  return { devices: await listDevicesByVehicle(deps.db, vehicle.id), assignmentResults: results, message };
}

export async function unassignDevice(
  deps: AppDeps,
  user: AuthUser,
  input: UnassignDeviceInput,
): Promise<UnassignDeviceResponse> {
  assertClientAccess(user, input.clientId);
  const device = await findDevice(deps.db, input.deviceId);
  if (!device || device.clientId !== input.clientId) throw notFound('Device');
  if (device.vehicleId === null)
    throw badRequest(`Device ${device.deviceId} is not assigned to a vehicle`, 'NOT_ASSIGNED');
  await deps.db.transaction(async (tx) => {
    await tx.update(devices).set({ vehicleId: null, updatedAt: new Date() }).where(eq(devices.id, device.id));
    await recordMove(tx, { deviceRowId: device.id, to: null, userId: user.id });
    await tx.insert(installationLogs).values({
      userId: user.id,
      clientId: input.clientId,
      vehicleId: device.vehicleId,
      deviceId: device.deviceId,
      action: LOG_ACTIONS.deviceUnassignment,
      details: `Removed from vehicle ${device.vehicleLabel ?? ''}`.trim(),
    });
    await deps.outbox.enqueue(tx, {
      kind: 'device-assignment',
      subject: deviceSubject(device.id),
      clientId: input.clientId,
      deviceId: device.id,
      payload: {},
    });
    await bumpRevision(tx, input.clientId);
  });
  const outcome = await deps.outbox.pushNow(deviceSubject(device.id));
  const updated = await findDevice(deps.db, device.deviceId);
  if (!updated) throw notFound('Device');
  return {
    message: outcome.pushed
      ? 'Device unassigned in the external system'
      : 'Device unassigned locally; the external system will be updated when it can be reached',
    navigatorUnassigned: outcome.pushed,
    localUnassigned: true,
    error: outcome.localOnly ? null : outcome.error,
    device: updated,
  };
}
