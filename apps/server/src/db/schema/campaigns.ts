import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  BLOCKER_CODES,
  BUS_STATES,
  CAMPAIGN_EVENT_KINDS,
  CAMPAIGN_ITEM_KINDS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEST_KEYS,
  type BusItem,
} from '@toolkit/contracts/campaigns.ts';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import { ts } from './columns.ts';
import { users } from './accounts.ts';
import { clients, vehicles } from './fleet.ts';

/* Install campaigns and shipments (issues 34 and 35, ../shared/docs/campaigns.md, decision 046). */

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('active'),
    /** Calendar days (YYYY-MM-DD). */
    startsOn: text('starts_on'),
    dueOn: text('due_on'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Bumped by every change to the campaign or any of its buses. */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [uniqueIndex('campaigns_client_name_uq').on(t.clientId, sql`lower(${t.name})`)],
);

/** The checklist every bus of the campaign must meet (at most 30 items). */
export const campaignItems = pgTable(
  'campaign_items',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: CAMPAIGN_ITEM_KINDS }).notNull(),
    deviceType: text('device_type', { enum: DEVICE_TYPES }),
    quantity: integer('quantity'),
    testKey: text('test_key', { enum: CAMPAIGN_TEST_KEYS }),
    warningCounts: boolean('warning_counts').notNull().default(false),
    photoType: text('photo_type', { enum: PHOTO_TYPES }),
    minCount: integer('min_count'),
    required: boolean('required').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('campaign_items_key_uq').on(t.campaignId, t.key)],
);

export const campaignBuses = pgTable(
  'campaign_buses',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** True while the campaign is active: a bus is in at most one active campaign. */
    active: boolean('active').notNull().default(true),
    /** When the bus joined: only evidence made after it counts. */
    addedAt: ts('added_at').notNull().defaultNow(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    plannedOn: text('planned_on'),
    notes: text('notes'),
    state: text('state', { enum: BUS_STATES }).notNull().default('planned'),
    blockerCode: text('blocker_code', { enum: BLOCKER_CODES }),
    blockerNote: text('blocker_note'),
    blockedBy: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    blockedAt: ts('blocked_at'),
    reworkReason: text('rework_reason'),
    reworkCount: integer('rework_count').notNull().default(0),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: ts('submitted_at'),
    /** The exception notes given at submit, by item key. */
    exceptions: jsonb('exceptions').$type<Record<string, string>>(),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: ts('accepted_at'),
    acceptedWithExceptions: boolean('accepted_with_exceptions').notNull().default(false),
    acceptanceNote: text('acceptance_note'),
    /** The checklist as it was at submit. */
    frozen: jsonb('frozen').$type<BusItem[]>(),
    /** Bumped by every change; accept, reject and reopen carry the one the supervisor saw. */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_buses_vehicle_uq').on(t.campaignId, t.vehicleId),
    uniqueIndex('campaign_buses_active_vehicle_uq')
      .on(t.vehicleId)
      .where(sql`${t.active}`),
    index('campaign_buses_campaign_idx').on(t.campaignId, t.state),
    index('campaign_buses_assignee_idx').on(t.campaignId, t.assigneeId),
  ],
);

/** Only manual ticks and "not applicable" are stored; the other items are derived. */
export const campaignBusItems = pgTable(
  'campaign_bus_items',
  {
    id: serial('id').primaryKey(),
    busId: integer('bus_id')
      .notNull()
      .references(() => campaignBuses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    state: text('state', { enum: ['done', 'na'] }).notNull(),
    note: text('note'),
    setBy: integer('set_by')
      .notNull()
      .references(() => users.id),
    setAt: ts('set_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_bus_items_uq').on(t.busId, t.key)],
);

/**
 * Append-only: the product inserts and selects, never updates or deletes (a trigger refuses
 * both, except the cascade of a removed agency or campaign). `occurred_at` is the phone's time of a queued write, `recorded_at` the server's.
 */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** No foreign key: an event outlives a planned bus that was removed (an update would be refused). */
    busId: integer('bus_id'),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CAMPAIGN_EVENT_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('campaign_events_campaign_idx').on(t.campaignId, t.id),
    index('campaign_events_bus_idx').on(t.busId, t.id),
    uniqueIndex('campaign_events_key_uq').on(t.campaignId, t.idempotencyKey),
  ],
);

export const SHIPMENT_UNIT_STATUSES = ['in_stock', 'installed', 'faulty', 'returned'] as const;

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    reference: text('reference').notNull(),
    fileName: text('file_name'),
    fileSha256: text('file_sha256').notNull(),
    rows: integer('rows').notNull(),
    importedBy: integer('imported_by')
      .notNull()
      .references(() => users.id),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipments_client_sha_uq').on(t.clientId, t.fileSha256)],
);

export const shipmentUnits = pgTable(
  'shipment_units',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Trimmed and upper-cased. */
    serial: text('serial').notNull(),
    deviceType: text('device_type', { enum: DEVICE_TYPES }).notNull(),
    imei: text('imei'),
    iccid: text('iccid'),
    phone: text('phone'),
    model: text('model'),
    box: text('box'),
    status: text('status', { enum: SHIPMENT_UNIT_STATUSES }).notNull().default('in_stock'),
    statusNote: text('status_note'),
    /** The device it became and the bus it went on. */
    deviceId: text('device_id'),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_units_serial_uq').on(t.clientId, t.serial),
    uniqueIndex('shipment_units_imei_uq').on(t.clientId, t.imei),
    uniqueIndex('shipment_units_iccid_uq').on(t.clientId, t.iccid),
    index('shipment_units_shipment_idx').on(t.shipmentId, t.status),
    /** The units on a bus: the fit items' evidence and the stock read them by vehicle. */
    index('shipment_units_vehicle_idx').on(t.vehicleId),
    /** The unit a device came from: the scan and the "unit installed" hook read it by device. */
    index('shipment_units_device_idx').on(t.clientId, t.deviceId),
  ],
);
