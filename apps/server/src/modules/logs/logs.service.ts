import type { CreateLogInputSchema, InstallationLog } from '@toolkit/contracts/logs.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import { insertLog, listLogs } from './logs.repository.ts';

const LOG_LIMIT = 500;

/** The installation log: what was done, by whom, on which vehicle and device. */
export class LogsService {
  constructor(private readonly db: Db) {}

  /** The log of the user's agencies (and the user's own entries), newest first. */
  list(user: AuthUser, vehicleId: number | undefined): Promise<InstallationLog[]> {
    return listLogs(this.db, { userId: user.id, clientIds: user.clientIds, vehicleId, limit: LOG_LIMIT });
  }

  async add(user: AuthUser, input: z.output<typeof CreateLogInputSchema>): Promise<InstallationLog> {
    const vehicle = await visibleVehicle(this.db, user, input.vehicleId);
    return insertLog(this.db, {
      userId: user.id,
      clientId: vehicle.clientId,
      vehicleId: vehicle.id,
      deviceId: input.deviceId,
      action: input.action,
      details: input.details,
    });
  }
}
