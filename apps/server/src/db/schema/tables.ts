import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** Credentials live in the external system; no password is kept here (decision 003). */
  password: text('password'),
  externalId: text('external_id'),
  name: text('name').notNull(),
  email: text('email'),
  role: text('role').notNull().default('installer'),
  clientIds: integer('client_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** SHA-256 of the device cookie the sign-in came from: a known device is not locked out. */
    deviceHash: text('device_hash'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  externalId: text('external_id').notNull().unique(),
  name: text('name').notNull(),
  fullName: text('full_name'),
  region: text('region'),
  vehicleCount: integer('vehicle_count').notNull().default(0),
  /** Bumped on every change to the agency's vehicles or devices; list caches and ETags key on it. */
  revision: integer('revision').notNull().default(0),
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
  },
  (t) => [
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
    type: text('type').notNull(),
    name: text('name'),
    deviceSystem: text('device_system'),
    deviceSystemId: integer('device_system_id').references(() => deviceSystems.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The external system's assignment when the two sides last agreed: the base of three-way sync. */
    syncedVehicleExternalId: text('synced_vehicle_external_id'),
    status: text('status').notNull().default('offline'),
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
  },
  (t) => [
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
    source: text('source').notNull().default('local'),
  },
  (t) => [
    index('assignment_history_device_idx').on(t.deviceId, t.fromAt),
    index('assignment_history_vehicle_idx').on(t.vehicleId),
  ],
);

/** Pushes pending to the external system, processed with FOR UPDATE SKIP LOCKED. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** What the push is about ('device:12', 'vehicle:7'): one pending push per kind and subject. */
    subject: text('subject').notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('outbox_device_idx').on(t.deviceId, t.status),
    uniqueIndex('outbox_pending_subject_uq')
      .on(t.kind, t.subject)
      .where(sql`status = 'pending'`),
  ],
);

/** A replayed write with the same key returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused (issue 11). */
    requestHash: text('request_hash'),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const installationLogs = pgTable(
  'installation_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    action: text('action').notNull(),
    details: text('details'),
    timestamp: ts('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('installation_logs_user_idx').on(t.userId, t.timestamp),
    index('installation_logs_vehicle_idx').on(t.vehicleId),
  ],
);

export const configTests = pgTable(
  'config_tests',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gpsTest: text('gps_test').notNull().default('pending'),
    connectivityTest: text('connectivity_test').notNull().default('pending'),
    headsignTest: text('headsign_test').notNull().default('pending'),
    clockSyncTest: text('clock_sync_test').notNull().default('pending'),
    audioTest: text('audio_test').notNull().default('pending'),
    results: jsonb('results')
      .$type<Record<string, { result: string; detail: string }>>()
      .notNull()
      .default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('config_tests_vehicle_idx').on(t.vehicleId, t.createdAt)],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    testId: integer('test_id')
      .notNull()
      .references(() => configTests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    downloadKey: text('download_key').notNull(),
    pdf: bytea('pdf').notNull(),
    emailedTo: text('emailed_to'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('reports_vehicle_idx').on(t.vehicleId)],
);

export const installationPhotos = pgTable(
  'installation_photos',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    photoData: text('photo_data').notNull(),
    photoType: text('photo_type').notNull(),
    description: text('description'),
    deviceId: text('device_id'),
    takenBy: integer('taken_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenAt: ts('taken_at').notNull().defaultNow(),
    uploadedToNavigator: boolean('uploaded_to_navigator').notNull().default(false),
    navigatorUploadedAt: ts('navigator_uploaded_at'),
  },
  (t) => [index('installation_photos_vehicle_idx').on(t.vehicleId, t.takenAt)],
);

export const installationNotes = pgTable(
  'installation_notes',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    noteType: text('note_type').notNull(),
    content: text('content').notNull(),
    deviceId: text('device_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    uploadedToNavigator: boolean('uploaded_to_navigator').notNull().default(false),
    navigatorUploadedAt: ts('navigator_uploaded_at'),
  },
  (t) => [index('installation_notes_vehicle_idx').on(t.vehicleId, t.createdAt)],
);

export const moodEntries = pgTable(
  'mood_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    moodEmoji: text('mood_emoji').notNull(),
    moodLabel: text('mood_label').notNull(),
    moodValue: integer('mood_value').notNull(),
    comment: text('comment'),
    workPhase: text('work_phase'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mood_entries_user_idx').on(t.userId, t.createdAt)],
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
    kind: text('kind').notNull(),
    command: text('command').notNull(),
    success: boolean('success').notNull(),
    response: text('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.createdAt)],
);

export const vinDecodes = pgTable('vin_decodes', {
  vin: text('vin').primaryKey(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
