import { CONFIG_TEST_NAMES, type ConfigTest } from '@toolkit/contracts/config-tests.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/types.ts';
import { TEST_LABELS } from '../../providers/pdf/test-report-pdf.ts';
import { listDevicesByVehicle } from '../devices/devices.repository.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import { insertConfigTest, listConfigTestsByVehicle } from './config-tests.repository.ts';
import { evaluateConfiguration } from './evaluate.ts';

/** The five configuration tests, run from the vehicle's devices as last reported (decision 007). */
export class ConfigTestsService {
  constructor(private readonly db: Db) {}

  /** A bus's tests; the caller checked the bus is the user's (a bus's read, decision 051). */
  ofVehicle(vehicleId: number): Promise<ConfigTest[]> {
    return listConfigTestsByVehicle(this.db, vehicleId);
  }

  async run(user: AuthUser, vehicleId: number): Promise<ConfigTest> {
    const vehicle = await visibleVehicle(this.db, user, vehicleId);
    const evaluation = evaluateConfiguration(await listDevicesByVehicle(this.db, vehicle.id));
    const summary = CONFIG_TEST_NAMES.map((k) => `${TEST_LABELS[k]} ${evaluation[k].result}`).join(', ');
    return insertConfigTest(this.db, {
      vehicleId: vehicle.id,
      userId: user.id,
      evaluation,
      log: {
        userId: user.id,
        clientId: vehicle.clientId,
        vehicleId: vehicle.id,
        deviceId: null,
        action: LOG_ACTIONS.configTest,
        details: summary,
      },
    });
  }
}
