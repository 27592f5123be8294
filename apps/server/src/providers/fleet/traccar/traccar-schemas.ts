import { z } from 'zod';

/**
 * Traccar's answers as zod schemas, checked where they enter (decision 033). Loose objects keep
 * every field the server sent: a device or group is written back whole (PUT replaces the
 * object), so a field this code does not know must survive the round trip. "None" is 0 on a real
 * server, yet null is accepted too (the OpenAPI text allows it).
 */

const id = z.number().int().nonnegative();
const zeroIfNull = id.nullable().transform((v) => v ?? 0);
const TcAttributesSchema = z.record(z.string(), z.unknown());
const attributes = TcAttributesSchema.nullish().transform((v) => v ?? {});

export const TcServerSchema = z.looseObject({
  version: z.string().nullish(),
  // Not in the OpenAPI text; a real server sends it (SMS gateway configured).
  textEnabled: z.boolean().nullish(),
  /* Server-wide restrictions every non-administrator has (Server.java, UserRestrictions). */
  readonly: z.boolean().nullish(),
  deviceReadonly: z.boolean().nullish(),
  limitCommands: z.boolean().nullish(),
});

export const TcUserSchema = z.looseObject({
  /**
   * Not `id`: the service account's id is 9000000000000000000 (ServiceAccountUser.java), beyond
   * a safe integer; it is only ever printed back (String() gives its digits).
   */
  id: z.number().nonnegative(),
  name: z.string().nullish(),
  email: z.string(),
  /** A second login name (LDAP accounts): Traccar signs in by it or by the e-mail. */
  login: z.string().nullish(),
  administrator: z.boolean().nullish(),
  /* The user's own restrictions (PermissionsService.checkEdit / checkRestriction, issue 32). */
  readonly: z.boolean().nullish(),
  deviceReadonly: z.boolean().nullish(),
  limitCommands: z.boolean().nullish(),
  deviceLimit: z.number().nullish(),
  /** Users the user may manage: not 0 makes a manager (a supervisor in the toolkit, issue 34). */
  userLimit: z.number().nullish(),
});

export const TcGroupSchema = z.looseObject({
  id,
  name: z.string(),
  groupId: zeroIfNull,
  attributes,
});

export const TcDeviceSchema = z.looseObject({
  id,
  name: z.string(),
  uniqueId: z.string(),
  status: z.string().nullish(),
  /** Traccar refuses a disabled device's connections. */
  disabled: z.boolean().nullish(),
  lastUpdate: z.string().nullish(),
  positionId: zeroIfNull.optional(),
  groupId: zeroIfNull.optional(),
  phone: z.string().nullish(),
  model: z.string().nullish(),
  attributes,
});

export const TcPositionSchema = z.looseObject({
  id,
  deviceId: id,
  fixTime: z.string().nullish(),
  valid: z.boolean().nullish(),
  attributes,
});

/** One message of `/api/socket`: `{}` keep-alive, or lists of what changed. */
export const TcSocketMessageSchema = z.looseObject({
  devices: z.array(z.unknown()).optional(),
  positions: z.array(z.unknown()).optional(),
  events: z.array(z.unknown()).optional(),
});

export type TcServer = z.infer<typeof TcServerSchema>;
export type TcUser = z.infer<typeof TcUserSchema>;
export type TcGroup = z.infer<typeof TcGroupSchema>;
export type TcDevice = z.infer<typeof TcDeviceSchema>;
export type TcPosition = z.infer<typeof TcPositionSchema>;

/**
 * Parses a list row by row: a row that does not fit is left out (and counted), so one odd
 * device never hides an agency.
 */
export function parseRows<T>(schema: z.ZodType<T>, value: unknown, onBad: (issue: string) => void): T[] {
  if (!Array.isArray(value)) {
    onBad('not a list');
    return [];
  }
  const out: T[] = [];
  for (const row of value as unknown[]) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else onBad(parsed.error.issues[0]?.message ?? 'invalid');
  }
  return out;
}
