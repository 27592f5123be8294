import { eq } from 'drizzle-orm';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import {
  VEHICLE_MESSAGES,
  type CreateVehicleInputSchema,
  type UpdateVehicleInputSchema,
  type UpdateVehicleResponse,
  type Vehicle,
} from '@toolkit/contracts/vehicles.ts';
import type { z } from 'zod';
import { assertClientAccess, type AppDeps } from '../../app-deps.ts';
import { installationLogs, vehicles } from '../../db/schema/tables.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { vehicleSubject } from '../sync/outbox.service.ts';
import { bumpRevision } from '../sync/revision.ts';
import { findVehicleByLabel, getVehicle } from './vehicles.repository.ts';

/** A vehicle the user may see, or 404 (another agency's vehicle is never revealed). */
export async function getVisibleVehicle(deps: AppDeps, user: AuthUser, id: number): Promise<Vehicle> {
  const vehicle = await getVehicle(deps.db, id);
  if (!vehicle || !user.clientIds.includes(vehicle.clientId)) throw notFound('Vehicle');
  return vehicle;
}

export async function createVehicle(
  deps: AppDeps,
  user: AuthUser,
  input: z.output<typeof CreateVehicleInputSchema>,
): Promise<Vehicle> {
  assertClientAccess(user, input.clientId);
  if (await findVehicleByLabel(deps.db, input.clientId, input.vehicleId)) {
    throw conflict(VEHICLE_MESSAGES.duplicate(input.vehicleId), 'DUPLICATE_VEHICLE');
  }
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vehicles)
        .values({
          clientId: input.clientId,
          vehicleId: input.vehicleId,
          description: input.description,
          route: input.route,
          status: input.status,
          isLocal: true,
        })
        .returning({ id: vehicles.id });
      if (!row) throw new Error('vehicle insert returned nothing');
      await tx.insert(installationLogs).values({
        userId: user.id,
        clientId: input.clientId,
        vehicleId: row.id,
        action: LOG_ACTIONS.vehicleCreated,
        details: `Local vehicle ${input.vehicleId} created`,
      });
      await bumpRevision(tx, input.clientId);
      return row.id;
    });
  } catch (err) {
    // Two creations racing: the unique index on (client, lower(label)) has the last word.
    if (
      err instanceof Error &&
      /vehicles_client_label_uq|duplicate key/.test(`${err.message} ${String(err.cause)}`)
    ) {
      throw conflict(VEHICLE_MESSAGES.duplicate(input.vehicleId), 'DUPLICATE_VEHICLE');
    }
    throw err;
  }
  const created = await getVehicle(deps.db, id);
  if (!created) throw notFound('Vehicle');
  return created;
}

export async function updateVehicle(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: z.output<typeof UpdateVehicleInputSchema>,
): Promise<UpdateVehicleResponse> {
  const current = await getVisibleVehicle(deps, user, id);
  const patch = { ...input };
  await deps.db.transaction(async (tx) => {
    await tx
      .update(vehicles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(vehicles.id, id));
    await tx.insert(installationLogs).values({
      userId: user.id,
      clientId: current.clientId,
      vehicleId: id,
      action: LOG_ACTIONS.vehicleUpdated,
      details: `Updated ${Object.keys(patch).join(', ') || 'nothing'}`,
    });
    if (!current.isLocal) {
      await deps.outbox.enqueue(tx, {
        kind: 'vehicle-update',
        subject: vehicleSubject(id),
        clientId: current.clientId,
        deviceId: null,
        payload: { vehicleId: id },
      });
    }
    await bumpRevision(tx, current.clientId);
  });
  const outcome = current.isLocal ? null : await deps.outbox.pushNow(vehicleSubject(id));
  const updated = await getVehicle(deps.db, id);
  if (!updated) throw notFound('Vehicle');
  return { ...updated, syncedToNavigator: outcome?.pushed ?? false };
}
