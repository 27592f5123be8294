import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  BLOCKER_CODES,
  BUS_STATES,
  CAMPAIGN_EVENT_KINDS,
  type BusItem,
} from '@toolkit/contracts/campaigns.ts';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import type { BusEvidence } from './campaign-checklist.ts';

/**
 * Campaign buses with everything their checklist is derived from, for a whole page of buses in
 * ONE query (scalar subqueries per row, each on an index: devices by vehicle, the vehicle's
 * latest test, its photos, the bus's marks and last event), never a query per bus.
 */

/** The board's order: accepted, ready for review, blocked, in progress (rework), in progress, planned. */
const RANK = sql.raw(`case when cb.state = 'accepted' then 0 when cb.state = 'ready_for_review' then 1
  when cb.blocker_code is not null then 2 when cb.state = 'in_progress' and cb.rework_reason is not null then 3
  when cb.state = 'in_progress' then 4 else 5 end`);

const when = z.union([z.date(), z.string()]).transform((v) => new Date(v).toISOString());
const whenOrNull = when.nullable();
const person = (id: unknown, name: unknown) =>
  typeof id === 'number' && typeof name === 'string' ? { id, name } : null;

const RowSchema = z.object({
  id: z.coerce.number(),
  campaign_id: z.coerce.number(),
  vehicle_id: z.coerce.number(),
  fleet_number: z.string(),
  vin: z.string().nullable(),
  rk: z.coerce.number(),
  state: z.enum(BUS_STATES),
  assignee_id: z.coerce.number().nullable(),
  assignee_name: z.string().nullable(),
  planned_on: z.string().nullable(),
  blocker_code: z.enum(BLOCKER_CODES).nullable(),
  blocker_note: z.string().nullable(),
  blocked_by: z.coerce.number().nullable(),
  blocked_by_name: z.string().nullable(),
  blocked_at: whenOrNull,
  rework_count: z.coerce.number(),
  rework_reason: z.string().nullable(),
  accepted_with_exceptions: z.boolean(),
  version: z.coerce.number(),
  frozen: z.array(z.custom<BusItem>()).nullable(),
  exceptions: z.record(z.string(), z.string()).nullable(),
  submitted_by: z.coerce.number().nullable(),
  submitted_by_name: z.string().nullable(),
  submitted_at: whenOrNull,
  accepted_by: z.coerce.number().nullable(),
  accepted_by_name: z.string().nullable(),
  accepted_at: whenOrNull,
  acceptance_note: z.string().nullable(),
  devices: z.array(
    z.object({
      deviceId: z.string(),
      type: z.enum(DEVICE_TYPES),
      serial: z.string().nullable(),
      imei: z.string().nullable(),
    }),
  ),
  test: z
    .object({
      id: z.coerce.number(),
      at: when,
      gps: z.string(),
      connectivity: z.string(),
      headsign: z.string(),
      clockSync: z.string(),
      audio: z.string(),
    })
    .nullable(),
  photos: z.array(z.object({ id: z.coerce.number(), type: z.enum(PHOTO_TYPES), at: when })),
  marks: z.array(
    z.object({
      key: z.string(),
      state: z.enum(['done', 'na']),
      note: z.string().nullable(),
      at: when,
      byId: z.coerce.number(),
      byName: z.string(),
    }),
  ),
  last_kind: z.enum(CAMPAIGN_EVENT_KINDS).nullable(),
  last_at: whenOrNull,
});

export interface BusRow {
  id: number;
  campaignId: number;
  vehicleId: number;
  fleetNumber: string;
  vin: string | null;
  rank: number;
  state: (typeof BUS_STATES)[number];
  assignee: { id: number; name: string } | null;
  plannedOn: string | null;
  blocked: {
    code: (typeof BLOCKER_CODES)[number];
    note: string | null;
    by: { id: number; name: string };
    at: string;
  } | null;
  reworkCount: number;
  reworkReason: string | null;
  acceptedWithExceptions: boolean;
  version: number;
  frozen: BusItem[] | null;
  exceptions: Record<string, string>;
  submitted: { by: { id: number; name: string }; at: string } | null;
  accepted: { by: { id: number; name: string }; at: string; note: string | null } | null;
  evidence: BusEvidence;
  lastEvent: { kind: (typeof CAMPAIGN_EVENT_KINDS)[number]; at: string } | null;
}

function toBusRow(raw: unknown): BusRow {
  const r = RowSchema.parse(raw);
  const blockedBy = person(r.blocked_by, r.blocked_by_name);
  const submittedBy = person(r.submitted_by, r.submitted_by_name);
  const acceptedBy = person(r.accepted_by, r.accepted_by_name);
  return {
    id: r.id,
    campaignId: r.campaign_id,
    vehicleId: r.vehicle_id,
    fleetNumber: r.fleet_number,
    vin: r.vin,
    rank: r.rk,
    state: r.state,
    assignee: person(r.assignee_id, r.assignee_name),
    plannedOn: r.planned_on,
    blocked:
      r.blocker_code && blockedBy && r.blocked_at
        ? { code: r.blocker_code, note: r.blocker_note, by: blockedBy, at: r.blocked_at }
        : null,
    reworkCount: r.rework_count,
    reworkReason: r.rework_reason,
    acceptedWithExceptions: r.accepted_with_exceptions,
    version: r.version,
    frozen: r.frozen,
    exceptions: r.exceptions ?? {},
    submitted: submittedBy && r.submitted_at ? { by: submittedBy, at: r.submitted_at } : null,
    accepted:
      acceptedBy && r.accepted_at ? { by: acceptedBy, at: r.accepted_at, note: r.acceptance_note } : null,
    evidence: {
      devices: r.devices,
      test: r.test
        ? {
            id: r.test.id,
            at: r.test.at,
            results: {
              gps: r.test.gps,
              connectivity: r.test.connectivity,
              headsign: r.test.headsign,
              clockSync: r.test.clockSync,
              audio: r.test.audio,
            },
          }
        : null,
      photos: r.photos,
      marks: r.marks.map((m) => ({
        key: m.key,
        state: m.state,
        note: m.note,
        at: m.at,
        by: { id: m.byId, name: m.byName },
      })),
    },
    lastEvent: r.last_kind && r.last_at ? { kind: r.last_kind, at: r.last_at } : null,
  };
}

/** Which buses: every one given is required. */
export interface BusFilter {
  ids?: readonly number[];
  state?: (typeof BUS_STATES)[number] | undefined;
  /** A user id, or null for unassigned buses. */
  assigneeId?: number | null | undefined;
  blocked?: boolean | undefined;
  /** Part of the fleet number, any case. */
  fleetLike?: string | undefined;
}

function filterSql(campaignId: number, f: BusFilter): SQL {
  const parts: SQL[] = [sql`cb.campaign_id = ${campaignId}`];
  if (f.ids)
    parts.push(
      f.ids.length === 0
        ? sql`false`
        : sql`cb.id in (${sql.join(
            f.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  if (f.state) parts.push(sql`cb.state = ${f.state}`);
  if (f.assigneeId === null) parts.push(sql`cb.assignee_id is null`);
  else if (f.assigneeId !== undefined) parts.push(sql`cb.assignee_id = ${f.assigneeId}`);
  if (f.blocked === true) parts.push(sql`cb.blocker_code is not null`);
  if (f.blocked === false) parts.push(sql`cb.blocker_code is null`);
  if (f.fleetLike) {
    const like = `%${f.fleetLike.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`lower(v.vehicle_id) like ${like}`);
  }
  return sql.join(parts, sql` and `);
}

/** Where the next page starts: the last row's rank, fleet number and id. */
export interface BusCursor {
  rank: number;
  fleet: string;
  id: number;
}

/**
 * Buses of a campaign matching `filter`, in board
 * order after `cursor`, at most `limit`, with their evidence.
 */
export async function selectBusRows(
  db: Db,
  q: { campaignId: number; filter: BusFilter; cursor: BusCursor | null; limit: number },
): Promise<BusRow[]> {
  const where = filterSql(q.campaignId, q.filter);
  const after = q.cursor
    ? sql`where (b.rk > ${q.cursor.rank} or (b.rk = ${q.cursor.rank} and (b.fleet_number collate "C" > ${q.cursor.fleet}
        or (b.fleet_number collate "C" = ${q.cursor.fleet} and b.id > ${q.cursor.id}))))`
    : sql``;
  const rows = await queryRows<unknown>(
    db,
    sql`with b as (
      select cb.*, v.vehicle_id as fleet_number, v.vin, ${RANK} as rk
      from campaign_buses cb join vehicles v on v.id = cb.vehicle_id
      where ${where}
    ), page as (
      select * from b ${after} order by b.rk, b.fleet_number collate "C", b.id limit ${q.limit}
    )
    select page.id, page.campaign_id, page.vehicle_id, page.fleet_number, page.vin, page.rk, page.state,
      page.assignee_id, ua.name as assignee_name, page.planned_on, page.blocker_code, page.blocker_note,
      page.blocked_by, ub.name as blocked_by_name, page.blocked_at, page.rework_count, page.rework_reason,
      page.accepted_with_exceptions, page.version, page.frozen, page.exceptions,
      page.submitted_by, us.name as submitted_by_name, page.submitted_at,
      page.accepted_by, uc.name as accepted_by_name, page.accepted_at, page.acceptance_note,
      (select coalesce(json_agg(json_build_object('deviceId', d.device_id, 'type', d.type,
          'serial', coalesce((select su.serial from shipment_units su where su.vehicle_id = page.vehicle_id
            and su.device_id = d.device_id limit 1), d.serial_number),
          'imei', d.imei) order by d.device_id), '[]'::json)
        from devices d where d.vehicle_id = page.vehicle_id) as devices,
      (select json_build_object('id', t.id, 'at', t.created_at, 'gps', t.gps_test,
          'connectivity', t.connectivity_test, 'headsign', t.headsign_test,
          'clockSync', t.clock_sync_test, 'audio', t.audio_test)
        from config_tests t where t.vehicle_id = page.vehicle_id and t.created_at >= page.added_at
        order by t.created_at desc, t.id desc limit 1) as test,
      (select coalesce(json_agg(json_build_object('id', p.id, 'type', p.photo_type, 'at', p.taken_at)
          order by p.taken_at, p.id), '[]'::json)
        from installation_photos p where p.vehicle_id = page.vehicle_id and p.taken_at >= page.added_at) as photos,
      (select coalesce(json_agg(json_build_object('key', i.key, 'state', i.state, 'note', i.note,
          'at', i.set_at, 'byId', i.set_by, 'byName', mu.name)), '[]'::json)
        from campaign_bus_items i join users mu on mu.id = i.set_by where i.bus_id = page.id) as marks,
      le.kind as last_kind, le.recorded_at as last_at
    from page
    left join users ua on ua.id = page.assignee_id
    left join users ub on ub.id = page.blocked_by
    left join users us on us.id = page.submitted_by
    left join users uc on uc.id = page.accepted_by
    left join lateral (select e.kind, e.recorded_at from campaign_events e where e.bus_id = page.id
      order by e.id desc limit 1) le on true
    order by page.rk, page.fleet_number collate "C", page.id`,
  );
  return rows.map(toBusRow);
}

/** How many buses of a campaign match `filters`. */
export async function countBusRows(db: Db, campaignId: number, filter: BusFilter): Promise<number> {
  const where = filterSql(campaignId, filter);
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from campaign_buses cb join vehicles v on v.id = cb.vehicle_id where ${where}`,
  );
  return Number(row?.n ?? 0);
}
