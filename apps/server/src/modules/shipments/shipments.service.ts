import {
  SHIPMENT_CODES,
  SHIPMENT_MESSAGES,
  SHIPMENT_UNIT_PAGE,
  type CampaignStock,
  type Shipment,
  type ShipmentUnit,
  type ShipmentUnitIndex,
  type ShipmentUnitPage,
  type ShipmentUnitStatus,
  type UnitLookup,
} from '@toolkit/contracts/shipments.ts';
import { CAMPAIGN_MESSAGES } from '@toolkit/contracts/campaigns.ts';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { assertClientAccess, isSupervisor } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleCampaign } from '../campaigns/campaign-bus-view.ts';
import { appendCampaignEvent } from '../campaigns/campaign-events.ts';
import { bumpRevision } from '../campaigns/campaigns.repository.ts';
import { findDevice } from '../devices/devices.repository.ts';
import {
  activeBusOf,
  campaignOfShipment,
  deviceIdByCode,
  findShipment,
  findUnit,
  listShipments,
  setUnitStatus,
  unitByCode,
  unitIndex,
  unitOfDevice,
  unitPage,
} from './shipments.repository.ts';
import { neededByType, unitCounts } from './unit-stock.repository.ts';

/**
 * Shipments after their import: the lists, the unit scan (devices of the agency first, then units
 * by serial, IMEI or ICCID), the supervisor's change of a unit's status, and the campaign's stock.
 * Every read is scoped to the user's agencies: another agency's shipment or unit answers 404.
 */
export class ShipmentsService {
  constructor(private readonly db: Db) {}

  async list(user: AuthUser, clientId: number, campaignId?: number): Promise<Shipment[]> {
    assertClientAccess(user, clientId);
    return listShipments(this.db, clientId, campaignId);
  }

  async units(
    user: AuthUser,
    shipmentId: number,
    q: { status?: ShipmentUnitStatus | undefined; cursor?: string | undefined },
  ): Promise<ShipmentUnitPage> {
    const shipment = await findShipment(this.db, shipmentId);
    if (!shipment || !user.clientIds.includes(shipment.clientId)) throw notFound('Shipment');
    const { items, total } = await unitPage(this.db, shipmentId, q.status, q.cursor ?? null);
    const last = items.at(-1);
    return {
      items,
      nextCursor: items.length === SHIPMENT_UNIT_PAGE && last ? last.serial : null,
      total,
    };
  }

  async index(user: AuthUser, clientId: number): Promise<ShipmentUnitIndex> {
    assertClientAccess(user, clientId);
    const asOf = new Date().toISOString();
    return { items: await unitIndex(this.db, clientId), asOf };
  }

  /** A scanned or typed code: the agency's device first, then its units; 404 with the design's words. */
  async lookup(user: AuthUser, clientId: number, code: string): Promise<UnitLookup> {
    assertClientAccess(user, clientId);
    const deviceId = await deviceIdByCode(this.db, clientId, code);
    const device = deviceId === null ? null : await findDevice(this.db, deviceId);
    if (device) {
      const unit = await unitOfDevice(this.db, clientId, device);
      const answer: UnitLookup = { unit, device };
      if (device.vehicleId !== null && device.vehicleLabel !== null)
        answer.installedOn = { vehicleId: device.vehicleId, fleetNumber: device.vehicleLabel };
      return answer;
    }
    const unit = await unitByCode(this.db, clientId, code);
    if (!unit) throw new AppError(404, SHIPMENT_CODES.unitNotFound, SHIPMENT_MESSAGES.noMatch(code));
    return unit.bus && unit.status === 'installed' ? { unit, installedOn: unit.bus } : { unit };
  }

  /**
   * The supervisor's change of a unit's status (`{status, note}`); marked faulty, it records
   * `unit_faulty` on the campaign of the bus it is on, else of its shipment. A unit becomes
   * installed only by its device going on a bus (422).
   */
  async updateUnit(
    user: AuthUser,
    id: number,
    input: { status: ShipmentUnitStatus; note?: string | null | undefined },
    idempotencyKey: string | null,
  ): Promise<ShipmentUnit> {
    const unit = await findUnit(this.db, id);
    if (!unit || !user.clientIds.includes(unit.clientId)) throw notFound('Unit');
    if (!isSupervisor(user)) throw new AppError(403, 'FORBIDDEN', CAMPAIGN_MESSAGES.supervisorOnly);
    if (input.status === 'installed' && unit.status !== 'installed')
      throw new AppError(422, SHIPMENT_CODES.statusInvalid, SHIPMENT_MESSAGES.installedByDevice);
    const note = input.note?.trim() ? input.note.trim() : null;
    await this.db.transaction(async (tx) => {
      await setUnitStatus(tx, id, input.status, note);
      if (input.status !== 'faulty' || unit.status === 'faulty') return;
      const bus = unit.bus ? await activeBusOf(tx, unit.bus.vehicleId) : null;
      const campaignId = bus?.campaignId ?? (await campaignOfShipment(tx, unit.shipmentId));
      if (campaignId === null) return;
      await appendCampaignEvent(tx, {
        campaignId,
        busId: bus?.busId ?? null,
        vehicleId: bus && unit.bus ? unit.bus.vehicleId : null,
        clientId: unit.clientId,
        actorId: user.id,
        kind: 'unit_faulty',
        payload: {
          ...(bus ? { campaignName: bus.campaignName, fleetNumber: bus.fleet } : {}),
          unitId: unit.id,
          serial: unit.serial,
          note,
          ...(unit.deviceId ? { deviceId: unit.deviceId } : {}),
        },
        idempotencyKey,
      });
      await bumpRevision(tx, campaignId);
    });
    const updated = await findUnit(this.db, id);
    if (!updated) throw notFound('Unit');
    return updated;
  }

  /** Stock per device type against what the campaign's buses not yet accepted still need. */
  async stock(user: AuthUser, campaignId: number): Promise<CampaignStock> {
    const campaign = await visibleCampaign(this.db, user, campaignId);
    const [counts, needed] = await Promise.all([
      unitCounts(this.db, campaign.clientId, campaign.id),
      neededByType(this.db, campaign.id),
    ]);
    const count = (type: string, status: ShipmentUnitStatus) =>
      counts.find((c) => c.deviceType === type && c.status === status)?.n ?? 0;
    return DEVICE_TYPES.flatMap((deviceType) => {
      const line = {
        deviceType,
        inStock: count(deviceType, 'in_stock'),
        installed: count(deviceType, 'installed'),
        faulty: count(deviceType, 'faulty'),
        needed: needed.get(deviceType) ?? 0,
      };
      const total = line.inStock + line.installed + line.faulty + line.needed + count(deviceType, 'returned');
      return total === 0 ? [] : [{ ...line, short: Math.max(0, line.needed - line.inStock) }];
    });
  }
}
