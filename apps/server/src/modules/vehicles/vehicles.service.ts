import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import {
  VEHICLE_MESSAGES,
  type CreateVehicleInputSchema,
  type UpdateVehicleInputSchema,
  type UpdateVehicleResponse,
  type Vehicle,
} from '@toolkit/contracts/vehicles.ts';
import type { z } from 'zod';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { PushQueue } from '../../lib/ports.ts';
import { answerAfterPlatform } from '../../lib/request-transaction.ts';
import type { AuthUser } from '../../lib/types.ts';
import { requirePlatformRight } from '../../lib/platform-rights.ts';
import { writeLocally } from '../sync/local-write.repository.ts';
import { vehicleSubject } from '../sync/outbox.service.ts';
import { getDeltaWindow, getRevision, removedSince } from '../sync/revision.repository.ts';
import {
  findVehicleByLabel,
  getVehicle,
  insertLocalVehicle,
  listVehiclesByClient,
  listVehiclesChangedSince,
  updateVehicleFields,
} from './vehicles.repository.ts';

/** A vehicle the user may see, or 404 (another agency's vehicle is never revealed). */
export async function visibleVehicle(db: Db, user: AuthUser, id: number): Promise<Vehicle> {
  const vehicle = await getVehicle(db, id);
  if (!vehicle || !user.clientIds.includes(vehicle.clientId)) throw notFound('Vehicle');
  return vehicle;
}

const isDuplicateLabel = (err: unknown) =>
  err instanceof Error &&
  /vehicles_client_label_uq|duplicate key/.test(`${err.message} ${String(err.cause)}`);

export class VehiclesService {
  constructor(
    private readonly db: Db,
    private readonly outbox: PushQueue,
    /** The platform keeps vehicles too (Traccar's groups): a vehicle made here is created there. */
    private readonly platformCreatesVehicles = false,
  ) {}

  list(clientId: number): Promise<Vehicle[]> {
    return listVehiclesByClient(this.db, clientId);
  }

  /** The agency's revision: the list cache's key. */
  revision(clientId: number): Promise<number | null> {
    return getRevision(this.db, clientId);
  }

  /** The agency's revision and the oldest revision a delta can start from (decision 022). */
  deltaWindow(clientId: number): Promise<{ revision: number; floor: number } | null> {
    return getDeltaWindow(this.db, clientId);
  }

  /** What changed in the agency's vehicle list after revision `since`. */
  async changedSince(clientId: number, since: number): Promise<{ upserts: Vehicle[]; removed: number[] }> {
    const removed = await removedSince(this.db, clientId, 'vehicle', since);
    return { upserts: await listVehiclesChangedSince(this.db, clientId, since), removed };
  }

  /** One vehicle; the caller checked it is the user's (a bus's read, decision 051). */
  async one(id: number): Promise<Vehicle> {
    const vehicle = await getVehicle(this.db, id);
    if (!vehicle) throw notFound('Vehicle');
    return vehicle;
  }

  async create(user: AuthUser, input: z.output<typeof CreateVehicleInputSchema>): Promise<Vehicle> {
    assertClientAccess(user, input.clientId);
    requirePlatformRight(user, 'readOnly');
    if (await findVehicleByLabel(this.db, input.clientId, input.vehicleId)) {
      throw conflict(VEHICLE_MESSAGES.duplicate(input.vehicleId), 'DUPLICATE_VEHICLE');
    }
    let id: number;
    try {
      id = await writeLocally(this.db, async (tx) => {
        const rowId = await insertLocalVehicle(tx, {
          clientId: input.clientId,
          vehicleId: input.vehicleId,
          description: input.description,
          route: input.route,
          status: input.status,
        });
        return {
          result: rowId,
          change: {
            clientId: input.clientId,
            log: {
              userId: user.id,
              vehicleId: rowId,
              action: LOG_ACTIONS.vehicleCreated,
              details: `Local vehicle ${input.vehicleId} created`,
            },
            // §7: local unless the platform keeps vehicles; then it is created there too.
            push: this.platformCreatesVehicles
              ? {
                  kind: 'vehicle-create',
                  subject: vehicleSubject(rowId),
                  deviceId: null,
                  payload: { vehicleId: rowId },
                }
              : null,
          },
        };
      });
    } catch (err) {
      // Two creations racing: the unique index on (client, lower(label)) has the last word.
      if (isDuplicateLabel(err))
        throw conflict(VEHICLE_MESSAGES.duplicate(input.vehicleId), 'DUPLICATE_VEHICLE');
      throw err;
    }
    const answer = async (): Promise<Vehicle> => {
      const created = await getVehicle(this.db, id);
      if (!created) throw notFound('Vehicle');
      return created;
    };
    if (!this.platformCreatesVehicles) return answer();
    // Saved here; the platform is told after the commit (decision 035); unreachable, the outbox
    // creates it there later and the vehicle stays usable here meanwhile.
    return answerAfterPlatform(answer, async () => {
      await this.outbox.pushNow(vehicleSubject(id));
      return answer();
    });
  }

  /** Written locally first; a mirrored vehicle's change is then pushed to the external system. */
  async update(
    user: AuthUser,
    id: number,
    input: z.output<typeof UpdateVehicleInputSchema>,
  ): Promise<UpdateVehicleResponse> {
    const current = await visibleVehicle(this.db, user, id);
    requirePlatformRight(user, 'readOnly');
    const isLocal = await writeLocally(this.db, async (tx) => {
      const isLocal = (await updateVehicleFields(tx, id, input))?.isLocal ?? current.isLocal;
      return {
        result: isLocal,
        change: {
          clientId: current.clientId,
          log: {
            userId: user.id,
            vehicleId: id,
            action: LOG_ACTIONS.vehicleUpdated,
            details: `Updated ${Object.keys(input).join(', ') || 'nothing'}`,
          },
          // A vehicle made here and not at the platform yet: its create carries the fields there.
          push: isLocal
            ? null
            : {
                kind: 'vehicle-update',
                subject: vehicleSubject(id),
                deviceId: null,
                payload: { vehicleId: id },
              },
        },
      };
    });
    const answer = async (pushed: boolean): Promise<UpdateVehicleResponse> => {
      const updated = await getVehicle(this.db, id);
      if (!updated) throw notFound('Vehicle');
      return { ...updated, syncedToNavigator: pushed };
    };
    if (isLocal) return answer(false);
    // Saved here; the external system is told after the commit (decision 035).
    return answerAfterPlatform(
      () => answer(false),
      async () => answer((await this.outbox.pushNow(vehicleSubject(id))).pushed),
    );
  }
}
