import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BLOCKER_CODES, BUS_STATES, type BusItem } from '@toolkit/contracts/campaigns.ts';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

/**
 * Everything the acceptance export needs of a campaign's buses, in ONE query (scalar subqueries
 * per bus on indexed columns: devices by vehicle, events by bus, photos by vehicle).
 */

const when = z
  .union([z.date(), z.string()])
  .nullable()
  .transform((v) => (v === null ? null : new Date(v).toISOString()));

const ExportRowSchema = z.object({
  fleet: z.string(),
  vin: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.coerce.number().nullable(),
  state: z.enum(BUS_STATES),
  accepted_with_exceptions: z.boolean(),
  blocker_code: z.enum(BLOCKER_CODES).nullable(),
  blocker_note: z.string().nullable(),
  submitted_at: when,
  submitted_by: z.string().nullable(),
  accepted_at: when,
  accepted_by: z.string().nullable(),
  acceptance_note: z.string().nullable(),
  rework_count: z.coerce.number(),
  frozen: z.array(z.custom<BusItem>()).nullable(),
  exceptions: z.record(z.string(), z.string()).nullable(),
  devices: z.array(
    z.object({ deviceId: z.string(), type: z.enum(DEVICE_TYPES), imei: z.string().nullable() }),
  ),
  installers: z.array(z.string()),
  photos: z.array(z.object({ type: z.enum(PHOTO_TYPES), n: z.coerce.number() })),
});
export type ExportRow = z.infer<typeof ExportRowSchema>;

/** The campaign's buses with their vehicle, people, devices, installers and photo counts. */
export async function selectExportRows(db: Db, campaignId: number): Promise<ExportRow[]> {
  const rows = await queryRows<unknown>(
    db,
    sql`select v.vehicle_id as fleet, v.vin, v.make, v.model, v.year, cb.state, cb.accepted_with_exceptions,
        cb.blocker_code, cb.blocker_note, cb.submitted_at, us.name as submitted_by, cb.accepted_at,
        ua.name as accepted_by, cb.acceptance_note, cb.rework_count, cb.frozen, cb.exceptions,
        (select coalesce(json_agg(json_build_object('deviceId', d.device_id, 'type', d.type, 'imei', d.imei)
            order by d.device_id), '[]'::json)
          from devices d where d.vehicle_id = cb.vehicle_id) as devices,
        (select coalesce(json_agg(i.name order by i.first), '[]'::json)
          from (select u.name, min(e.id) as first from campaign_events e join users u on u.id = e.actor_id
            where e.bus_id = cb.id and u.role = 'installer' group by u.id, u.name) i) as installers,
        (select coalesce(json_agg(json_build_object('type', p.photo_type, 'n', p.n)), '[]'::json)
          from (select photo_type, count(*) as n from installation_photos
            where vehicle_id = cb.vehicle_id and taken_at >= cb.added_at group by photo_type) p) as photos
      from campaign_buses cb join vehicles v on v.id = cb.vehicle_id
      left join users us on us.id = cb.submitted_by
      left join users ua on ua.id = cb.accepted_by
      where cb.campaign_id = ${campaignId}`,
  );
  return rows.map((r) => ExportRowSchema.parse(r));
}
