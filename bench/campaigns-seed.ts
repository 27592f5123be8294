/**
 * The 1,000-bus campaign the campaign benches measure (bench/campaigns.ts, the API; and
 * bench/campaign-dashboard.ts, the supervisor's dashboard in Chromium), seeded by direct SQL.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A campaign over every bus of the agency, in every state, with evidence, marks and events. */
export async function seedCampaign(
  run: <T>(q: SQL) => Promise<T[]>,
  clientId: number,
  userId: number,
): Promise<number> {
  const [campaign] = await run<{
    id: number;
  }>(sql`insert into campaigns (client_id, name, created_by, starts_on, due_on)
    values (${clientId}, 'Bench retrofit', ${userId}, '2026-11-01', '2027-01-31') returning id`);
  if (!campaign) throw new Error('campaign not created');
  const id = campaign.id;
  await run(sql`insert into campaign_items (campaign_id, key, label, kind, device_type, quantity, test_key,
      warning_counts, photo_type, min_count, required, position) values
    (${id}, 'gps_fit', 'GPS unit', 'fit', 'GPS', 1, null, false, null, null, true, 0),
    (${id}, 'tablet_fit', 'Tablet', 'fit', 'Tablet', 1, null, false, null, null, true, 1),
    (${id}, 'gps_test', 'GPS test', 'test', null, null, 'gps', false, null, null, true, 2),
    (${id}, 'net_test', 'Connectivity test', 'test', null, null, 'connectivity', true, null, null, true, 3),
    (${id}, 'before', 'Before photo', 'photo', null, null, null, false, 'before', 1, true, 4),
    (${id}, 'after', 'After photo', 'photo', null, null, null, false, 'after', 2, true, 5),
    (${id}, 'labels', 'Labels fitted', 'manual', null, null, null, false, null, null, true, 6),
    (${id}, 'cleanup', 'Bus left clean', 'manual', null, null, null, false, null, null, false, 7)`);
  // By n mod 10: 0-2 accepted, 3 ready for review, 4-6 in progress (5 blocked, 6 rework), 7-9 planned.
  await run(sql`insert into campaign_buses (campaign_id, vehicle_id, state, assignee_id, planned_on,
      blocker_code, blocker_note, blocked_by, blocked_at, rework_reason, rework_count,
      submitted_by, submitted_at, accepted_by, accepted_at)
    select ${id}::int, v.id,
      case when n % 10 < 3 then 'accepted' when n % 10 = 3 then 'ready_for_review'
        when n % 10 < 7 then 'in_progress' else 'planned' end,
      case when n % 10 < 7 or n % 20 = 7 then ${userId}::int end, '2026-12-01',
      case when n % 10 = 5 then 'parts_missing' end, case when n % 10 = 5 then 'Tablets late' end,
      case when n % 10 = 5 then ${userId}::int end, case when n % 10 = 5 then now() end,
      case when n % 10 = 6 then 'Missing after photo' end, case when n % 10 = 6 then 1 else 0 end,
      case when n % 10 < 4 then ${userId}::int end, case when n % 10 < 4 then now() end,
      case when n % 10 < 3 then ${userId}::int end, case when n % 10 < 3 then now() end
    from (select id, row_number() over (order by id) as n from vehicles where client_id = ${clientId}) v`);
  const buses = sql`(select cb.id, cb.vehicle_id, row_number() over (order by cb.id) as n
    from campaign_buses cb where cb.campaign_id = ${id}::int)`;
  await run(sql`insert into config_tests (vehicle_id, user_id, gps_test, connectivity_test, headsign_test,
      clock_sync_test, audio_test)
    select b.vehicle_id, ${userId}::int, 'pass', case when b.n % 3 = 0 then 'warning' else 'pass' end, 'pass', 'pass', 'pending'
    from ${buses} b where b.n % 10 < 6`);
  await run(sql`insert into installation_photos (vehicle_id, photo_data, photo_type, taken_by)
    select b.vehicle_id, 'data:image/jpeg;base64,AAAA', t.type, ${userId}::int
    from ${buses} b cross join (values ('before'), ('after'), ('after')) t(type) where b.n % 10 < 6`);
  await run(sql`insert into campaign_bus_items (bus_id, key, state, set_by)
    select b.id, 'labels', 'done', ${userId}::int from ${buses} b where b.n % 10 < 5`);
  await run(sql`insert into campaign_events (campaign_id, bus_id, actor_id, kind, payload)
    select ${id}::int, b.id, ${userId}::int, k.kind, '{}'::jsonb from ${buses} b
    cross join (values ('claimed'), ('item_set'), ('submitted')) k(kind) where b.n % 10 < 7`);
  return id;
}
