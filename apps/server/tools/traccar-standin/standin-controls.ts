import { publicUser, serverInfo } from './standin-objects.ts';
import type { StandinState, TcDevice, TcStatus, TcUser } from './standin-state.ts';
import type { WireAnswer, WireRequest } from './standin-wire.ts';

/** One write (POST, PUT, DELETE under /api, sessions aside) the stand-in answered. */
export interface WriteRecord {
  method: string;
  path: string;
  body: string;
  at: number;
  /** Whose cookie or token made it, as Traccar's action log (LogAction) names the user; null: nobody. */
  userId: number | null;
}

/** What the controls reach in the running stand-in. */
export interface Controlled {
  readonly state: StandinState;
  readonly writes: WriteRecord[];
  writeDelayMs: number;
  readDelayMs: number;
  setStatus(uniqueId: string, status: TcStatus): TcDevice;
}

const bad = (message: string): WireAnswer => ({ status: 400, json: { message } });
const missing = (message: string): WireAnswer => ({ status: 404, json: { message } });

/** The user flags `POST /__standin/users/{email}` may set. */
const USER_FLAGS = {
  readonly: 'boolean',
  deviceReadonly: 'boolean',
  limitCommands: 'boolean',
  disabled: 'boolean',
  administrator: 'boolean',
  deviceLimit: 'number',
  password: 'string',
  expirationTime: 'string|null',
  totpKey: 'string|null',
} as const;

function setUser(state: StandinState, email: string, body: Record<string, unknown>): WireAnswer {
  const user = state.userByEmail(email);
  if (!user) return missing('no such user');
  const changes: Partial<TcUser> = {};
  for (const [key, value] of Object.entries(body)) {
    const type = (USER_FLAGS as Record<string, string>)[key];
    if (type === undefined) return bad(`unknown user flag ${key}`);
    const fits = type.split('|').some((t) => (t === 'null' ? value === null : typeof value === t));
    if (!fits) return bad(`${key} must be ${type}`);
    Object.assign(changes, { [key]: value });
  }
  Object.assign(user, changes);
  return { status: 200, json: publicUser(state, user.id) };
}

function tokens(state: StandinState, action: string, body: Record<string, unknown>): WireAnswer {
  if (action === '') {
    const user = typeof body.email === 'string' ? state.userByEmail(body.email) : undefined;
    if (!user) return missing('no such user');
    const expiresAt = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : undefined;
    if (Number.isNaN(expiresAt)) return bad('expiresAt must be an ISO date');
    return { status: 200, json: { token: state.issueToken(user.id, expiresAt) } };
  }
  if (typeof body.token !== 'string') return bad('token must be a string');
  const done = action === 'expire' ? state.expireToken(body.token) : state.revokeToken(body.token);
  return done ? { status: 200, json: state.tokens.info(body.token) } : missing('no such token');
}

function server(state: StandinState, body: Record<string, unknown>): WireAnswer {
  for (const key of ['readonly', 'deviceReadonly', 'limitCommands'] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return bad(`${key} must be a boolean`);
    state.server[key] = value;
  }
  if (body.version !== undefined) {
    if (typeof body.version !== 'string' || !/^\d+(\.\d+)*$/.test(body.version))
      return bad('version must look like 6.14.5');
    state.version = body.version;
  }
  return { status: 200, json: serverInfo(state) };
}

/**
 * Test and demo controls under `/__standin/` (not part of Traccar), each a JSON body:
 * - `POST /__standin/devices/{uniqueId}/status` `{"status":"online"}`: a unit reports in.
 * - `POST /__standin/delay` `{"writeMs":3000,"readMs":0}`: a slow Traccar.
 * - `POST /__standin/text-enabled` `{"enabled":false}`: SMS not configured.
 * - `GET /__standin/writes`: every write answered, with the `userId` who made it.
 * - `POST /__standin/users/{email}` `{"readonly":true}`: a user's flags (`readonly`,
 *   `deviceReadonly`, `limitCommands`, `deviceLimit`, `disabled`, `expirationTime`, `totpKey`,
 *   `administrator`, `password`); answers the user as Traccar shows it.
 * - `POST /__standin/tokens` `{"email":"…","expiresAt":"2030-01-01T00:00:00Z"}`: `{token}` of that user.
 * - `POST /__standin/tokens/expire` and `/__standin/tokens/revoke` `{"token":"…"}`.
 * - `POST /__standin/server` `{"readonly":true,"deviceReadonly":false,"limitCommands":false,"version":"6.1"}`:
 *   the server-wide restrictions and the version copied; answers `GET /api/server`.
 * - `DELETE /__standin/positions/{id}`: a position row deleted (the device still points at it).
 */
export function standinControl(standin: Controlled, req: WireRequest): WireAnswer {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(req.body || '{}');
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    return bad('body must be JSON');
  }
  const { state } = standin;
  const path = req.path.replace(/^\/__standin\//, '');
  const [first = '', second = '', third = ''] = path.split('/').map(decodeURIComponent);
  if (req.method === 'GET' && path === 'writes') return { status: 200, json: standin.writes };
  if (req.method === 'DELETE' && first === 'positions')
    return state.deletePosition(Number(second)) ? { status: 204 } : missing('no such position');
  if (req.method !== 'POST') return missing('unknown control');
  if (first === 'devices' && third === 'status') {
    const value = body.status;
    if (value !== 'online' && value !== 'offline' && value !== 'unknown')
      return bad('status must be online, offline or unknown');
    try {
      return { status: 200, json: standin.setStatus(second, value) };
    } catch {
      return missing('no such device');
    }
  }
  if (path === 'delay') {
    if (typeof body.writeMs === 'number') standin.writeDelayMs = body.writeMs;
    if (typeof body.readMs === 'number') standin.readDelayMs = body.readMs;
    return { status: 200, json: { writeMs: standin.writeDelayMs, readMs: standin.readDelayMs } };
  }
  if (path === 'text-enabled') {
    state.textEnabled = body.enabled === true;
    return { status: 200, json: { textEnabled: state.textEnabled } };
  }
  if (first === 'users' && second && !third) return setUser(state, second, body);
  if (first === 'tokens' && (second === '' || second === 'expire' || second === 'revoke') && !third)
    return tokens(state, second, body);
  if (path === 'server') return server(state, body);
  return missing('unknown control');
}
