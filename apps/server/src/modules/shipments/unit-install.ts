import type { Db } from '../../db/client.ts';
import { appendCampaignEvent } from '../campaigns/campaign-events.ts';
import { bumpRevision } from '../campaigns/campaigns.repository.ts';
import { activeBusOf } from './shipments.repository.ts';
import { installUnitOf } from './unit-stock.repository.ts';

/**
 * A unit becomes installed (../shared/docs/campaigns.md, "Shipments and the unit scan"): when a
 * device is created on, or assigned to, a vehicle and it is an in-stock shipment unit of the agency
 * (its unique id or IMEI is the unit's IMEI, or its serial number the unit's serial), the unit is
 * marked installed on that vehicle. On a bus of an active campaign this records `unit_installed`.
 * Called inside the device write's own transaction, so both are saved or neither.
 */
export async function installShipmentUnit(
  db: Db,
  change: {
    clientId: number;
    userId: number;
    device: { deviceId: string; imei: string | null; serialNumber: string | null };
    vehicleId: number;
  },
): Promise<void> {
  const unit = await installUnitOf(db, change.clientId, change.device, change.vehicleId);
  if (!unit) return;
  const bus = await activeBusOf(db, change.vehicleId);
  if (!bus) return;
  await appendCampaignEvent(db, {
    campaignId: bus.campaignId,
    busId: bus.busId,
    vehicleId: change.vehicleId,
    clientId: change.clientId,
    actorId: change.userId,
    kind: 'unit_installed',
    payload: {
      campaignName: bus.campaignName,
      fleetNumber: bus.fleet,
      unitId: unit.id,
      serial: unit.serial,
      imei: unit.imei,
      deviceId: change.device.deviceId,
    },
  });
  await bumpRevision(db, bus.campaignId);
}
