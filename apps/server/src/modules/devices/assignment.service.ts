import type {
  AssignDevicesInput,
  AssignDevicesResponse,
  AssignmentResult,
  UnassignDeviceInput,
  UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { ASSIGNMENT_CONFLICT, DEVICE_MESSAGES } from '@toolkit/contracts/devices.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { PushOutcome, PushQueue } from '../../lib/ports.ts';
import { answerAfterPlatform } from '../../lib/request-transaction.ts';
import type { AuthUser } from '../../lib/types.ts';
import type { NewLogEntry } from '../logs/logs.repository.ts';
import { DEVICE_WRITE, requirePlatformRight } from '../../lib/platform-rights.ts';
import { installShipmentUnit } from '../shipments/unit-install.ts';
import { writeLocally } from '../sync/local-write.repository.ts';
import { enqueue } from '../sync/outbox.repository.ts';
import { deviceSubject } from '../sync/outbox.service.ts';
import { findClientVehicle } from '../vehicles/vehicles.repository.ts';
import { findDevice, listDevicesByVehicle, recordMove, setDeviceVehicle } from './devices.repository.ts';

/** The push that makes the external assignment equal to the device's local one. */
const assignmentPush = (deviceRowId: number) => ({
  kind: 'device-assignment' as const,
  subject: deviceSubject(deviceRowId),
  deviceId: deviceRowId,
  payload: {},
});

/**
 * Assign, reassign and unassign: written locally first (device, history, log, outbox in one
 * transaction), then pushed to the external system; a push that fails stays in the outbox.
 */
export class AssignmentService {
  constructor(
    private readonly db: Db,
    private readonly outbox: PushQueue,
  ) {}

  async assign(user: AuthUser, input: AssignDevicesInput): Promise<AssignDevicesResponse> {
    assertClientAccess(user, input.clientId);
    requirePlatformRight(user, ...DEVICE_WRITE);
    const vehicle = await findClientVehicle(this.db, input.clientId, input.vehicleId);
    if (!vehicle) throw notFound('Vehicle');
    await this.checkExpected(input, vehicle.id);

    type Local = Omit<AssignmentResult, 'navigatorAssigned'> & { rowId: number | null };
    const local: Local[] = [];
    for (const deviceId of [...new Set(input.deviceIds)]) {
      const device = await findDevice(this.db, deviceId);
      if (!device || device.clientId !== input.clientId) {
        local.push({
          deviceId,
          localAssigned: false,
          error: DEVICE_MESSAGES.notFound,
          previousVehicleId: null,
          rowId: null,
        });
        continue;
      }
      const previousVehicleId = device.vehicleId;
      if (previousVehicleId !== vehicle.id) {
        await this.move(user, input.clientId, device, vehicle, {
          vehicleId: vehicle.id,
          action: LOG_ACTIONS.deviceAssignment,
          details:
            previousVehicleId === null
              ? `Assigned to vehicle ${vehicle.vehicleId}`
              : `Reassigned from ${device.vehicleLabel ?? 'another vehicle'} to ${vehicle.vehicleId}`,
        });
      } else {
        // Already there locally: only make sure the external system agrees.
        await enqueue(this.db, {
          ...assignmentPush(device.id),
          clientId: input.clientId,
          actorUserId: user.id,
        });
      }
      local.push({ deviceId, localAssigned: true, error: null, previousVehicleId, rowId: device.id });
    }

    // Saved here; the external system is told after the commit (decision 035).
    const answer = async (outcomes: (PushOutcome | null)[]): Promise<AssignDevicesResponse> => {
      const results: AssignmentResult[] = local.map(({ rowId: _, ...r }, i) => {
        const outcome = outcomes[i] ?? null;
        return {
          ...r,
          navigatorAssigned: outcome?.pushed ?? false,
          error: r.localAssigned ? (outcome && !outcome.localOnly ? outcome.error : null) : r.error,
        };
      });
      const assigned = results.filter((r) => r.localAssigned).length;
      const inNavigator = results.filter((r) => r.navigatorAssigned).length;
      const message =
        assigned === 0
          ? DEVICE_MESSAGES.assignFailed
          : inNavigator > 0
            ? DEVICE_MESSAGES.assigned(`${String(inNavigator)} devices`, true)
            : DEVICE_MESSAGES.assigned(`${String(assigned)} devices`, false);
      return {
        devices: await listDevicesByVehicle(this.db, vehicle.id),
        assignmentResults: results,
        message,
      };
    };
    return answerAfterPlatform(
      () => answer(local.map(() => null)),
      async () => {
        const outcomes: (PushOutcome | null)[] = [];
        for (const r of local)
          outcomes.push(r.rowId === null ? null : await this.outbox.pushNow(deviceSubject(r.rowId)));
        return answer(outcomes);
      },
    );
  }

  /**
   * A device that moved after the installer chose it (in the platform, or by another installer)
   * is not taken from where it is now without them seeing it: 409, naming both vehicles.
   */
  private async checkExpected(input: AssignDevicesInput, targetId: number): Promise<void> {
    for (const seen of input.expected ?? []) {
      const device = await findDevice(this.db, seen.deviceId);
      if (!device || device.clientId !== input.clientId) continue;
      if (device.vehicleId === seen.vehicleId || device.vehicleId === targetId) continue;
      const before =
        seen.vehicleId === null
          ? 'it was a spare'
          : `it was on ${(await findClientVehicle(this.db, input.clientId, seen.vehicleId))?.vehicleId ?? 'another vehicle'}`;
      const now = device.vehicleLabel === null ? 'is now a spare' : `is now on ${device.vehicleLabel}`;
      throw conflict(`Device ${device.deviceId} ${now} (${before} when you chose it).`, ASSIGNMENT_CONFLICT);
    }
  }

  async unassign(user: AuthUser, input: UnassignDeviceInput): Promise<UnassignDeviceResponse> {
    assertClientAccess(user, input.clientId);
    requirePlatformRight(user, ...DEVICE_WRITE);
    const device = await findDevice(this.db, input.deviceId);
    if (!device || device.clientId !== input.clientId) throw notFound('Device');
    if (device.vehicleId === null)
      throw badRequest(`Device ${device.deviceId} is not assigned to a vehicle`, 'NOT_ASSIGNED');
    const vehicleId = device.vehicleId;
    await this.move(user, input.clientId, device, null, {
      vehicleId,
      action: LOG_ACTIONS.deviceUnassignment,
      details: `Removed from vehicle ${device.vehicleLabel ?? ''}`.trim(),
    });
    const answer = async (outcome: PushOutcome | null): Promise<UnassignDeviceResponse> => {
      const updated = await findDevice(this.db, device.deviceId);
      if (!updated) throw notFound('Device');
      return {
        message: outcome?.pushed
          ? 'Device unassigned in the external system'
          : 'Device unassigned locally; the external system will be updated when it can be reached',
        navigatorUnassigned: outcome?.pushed ?? false,
        localUnassigned: true,
        error: outcome && !outcome.localOnly ? outcome.error : null,
        device: updated,
      };
    };
    return answerAfterPlatform(
      () => answer(null),
      async () => answer(await this.outbox.pushNow(deviceSubject(device.id))),
    );
  }

  /**
   * Puts a device on a vehicle (or on none) locally: the device row, its history, the log entry
   * and the push that will tell the external system, in one transaction.
   */
  private async move(
    user: AuthUser,
    clientId: number,
    device: { id: number; deviceId: string; imei: string | null; serialNumber: string | null },
    to: { id: number; vehicleId: string } | null,
    log: Pick<NewLogEntry, 'vehicleId' | 'action' | 'details'>,
  ): Promise<void> {
    await writeLocally(this.db, async (tx) => {
      await setDeviceVehicle(tx, device.id, to?.id ?? null);
      await recordMove(tx, {
        deviceRowId: device.id,
        to: to && { id: to.id, label: to.vehicleId },
        userId: user.id,
      });
      // A device that is a shipment unit in stock: the unit is now installed on this bus.
      if (to) await installShipmentUnit(tx, { clientId, userId: user.id, device, vehicleId: to.id });
      return {
        result: null,
        change: {
          clientId,
          log: { userId: user.id, deviceId: device.deviceId, ...log },
          push: assignmentPush(device.id),
        },
      };
    });
  }
}
