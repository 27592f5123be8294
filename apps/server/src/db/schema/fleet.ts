import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEVICE_STATUSES, DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { ts } from './columns.ts';
import { users } from './accounts.ts';

/* The mirror of the external system: agencies, vehicles, device systems, devices, their assignment history and the commands sent to them. */

/** Where an assignment was made: here, or in the external system (adopted by the mirror). */
const ASSIGNMENT_SOURCES = ['local', 'navigator'] as const;
const DEVICE_COMMAND_KINDS = ['sms', 'tablet'] as const;

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  externalId: text('external_id').notNull().unique(),
  name: text('name').notNull(),
  fullName: text('full_name'),
  region: text('region'),
  vehicleCount: integer('vehicle_count').notNull().default(0),
  /** Bumped on every change to the agency's vehicles or devices; list caches and ETags key on it. */
  revision: integer('revision').notNull().default(0),
  /** The oldest revision a delta can start from: tombstones before it were pruned (decision 022). */
  deltaFloor: integer('delta_floor').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  syncedAt: ts('synced_at'),
});

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Null for local-only vehicles, which stay out of the external system (§8). */
    externalId: text('external_id'),
    isLocal: boolean('is_local').notNull().default(false),
    vehicleId: text('vehicle_id').notNull(),
    description: text('description'),
    route: text('route'),
    status: text('status').notNull().default('active'),
    lastSeen: ts('last_seen'),
    vin: text('vin'),
    seatedCapacity: integer('seated_capacity'),
    doors: integer('doors'),
    vehicleType: text('vehicle_type'),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    odometer: integer('odometer'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The agency revision of the last change to this list row; null until stamped (decision 022). */
    changedRev: integer('changed_rev'),
  },
  (t) => [
    index('vehicles_client_changed_idx').on(t.clientId, t.changedRev),
    uniqueIndex('vehicles_client_label_uq').on(t.clientId, sql`lower(${t.vehicleId})`),
    uniqueIndex('vehicles_client_external_uq').on(t.clientId, t.externalId),
  ],
);

export const deviceSystems = pgTable(
  'device_systems',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    mdt: boolean('mdt').notNull().default(false),
    router: boolean('router').notNull().default(false),
    gps: boolean('gps').notNull().default(false),
    apc: boolean('apc').notNull().default(false),
  },
  (t) => [uniqueIndex('device_systems_client_external_uq').on(t.clientId, t.externalId)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id').notNull().unique(),
    navigatorDeviceId: text('navigator_device_id').unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DEVICE_TYPES }).notNull(),
    name: text('name'),
    deviceSystem: text('device_system'),
    deviceSystemId: integer('device_system_id').references(() => deviceSystems.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The external system's assignment when the two sides last agreed: the base of three-way sync. */
    syncedVehicleExternalId: text('synced_vehicle_external_id'),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('offline'),
    lastHeartbeat: ts('last_heartbeat'),
    signalStrength: integer('signal_strength'),
    serialNumber: text('serial_number'),
    serialNumberESN: text('serial_number_esn'),
    phone: text('phone'),
    simCardId: text('sim_card_id'),
    imei: text('imei'),
    ipAddress: text('ip_address'),
    firmwareVersion: text('firmware_version'),
    metadata: jsonb('metadata')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The agency revision of the last change to this list row; null until stamped (decision 022). */
    changedRev: integer('changed_rev'),
  },
  (t) => [
    index('devices_client_changed_idx').on(t.clientId, t.changedRev),
    index('devices_client_idx').on(t.clientId, t.type, t.status),
    index('devices_vehicle_idx').on(t.vehicleId),
  ],
);

/** Every assignment a device ever had: swaps never lose history. */
export const assignmentHistory = pgTable(
  'assignment_history',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehicleLabel: text('vehicle_label'),
    fromAt: ts('from_at').notNull().defaultNow(),
    toAt: ts('to_at'),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    unassignedBy: integer('unassigned_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ASSIGNMENT_SOURCES }).notNull().default('local'),
  },
  (t) => [
    index('assignment_history_device_idx').on(t.deviceId, t.fromAt),
    index('assignment_history_vehicle_idx').on(t.vehicleId),
  ],
);

/** Commands sent to devices (SMS, tablet operations) and their replies. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DEVICE_COMMAND_KINDS }).notNull(),
    command: text('command').notNull(),
    success: boolean('success').notNull(),
    response: text('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.createdAt)],
);
