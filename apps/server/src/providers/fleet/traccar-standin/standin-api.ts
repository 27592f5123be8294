import { randomBytes } from 'node:crypto';
import { publicUser, serverInfo } from './standin-objects.ts';
import type { StandinState, TcDevice, TcGroup } from './standin-state.ts';
import {
  JavaError,
  callerOf,
  cookieSession,
  jsonBody,
  num,
  obj,
  str,
  unknownField,
  type WireAnswer,
  type WireRequest,
} from './standin-wire.ts';

const DEVICE_FIELDS = new Set([
  'id',
  'name',
  'uniqueId',
  'status',
  'disabled',
  'lastUpdate',
  'positionId',
  'groupId',
  'phone',
  'model',
  'contact',
  'category',
  'attributes',
]);
const GROUP_FIELDS = new Set(['id', 'name', 'groupId', 'attributes']);
const COMMAND_FIELDS = new Set(['id', 'deviceId', 'description', 'type', 'textChannel', 'attributes']);

function checkFields(body: Record<string, unknown>, allowed: Set<string>, type: string): void {
  for (const key of Object.keys(body)) if (!allowed.has(key)) throw unknownField(key, type);
}

/** What the server's socket is told about. */
export interface StandinEvents {
  device(device: TcDevice): void;
}

const notFound: WireAnswer = { status: 404 };
const unauthorized: WireAnswer = { status: 401 };

function session(state: StandinState, req: WireRequest): WireAnswer {
  if (req.method === 'POST') {
    const form = new URLSearchParams(req.body);
    // Traccar's LoginService: the trimmed `email` field names the user by its e-mail or its login.
    const name = (form.get('email') ?? '').trim().toLowerCase();
    const user = [...state.users.values()].find(
      (u) =>
        (u.email.toLowerCase() === name || u.login?.toLowerCase() === name) &&
        u.password === form.get('password'),
    );
    if (!user) return unauthorized;
    const sid = randomBytes(12).toString('hex');
    state.sessions.set(sid, user.id);
    return {
      status: 200,
      json: publicUser(state, user.id),
      headers: { 'set-cookie': `JSESSIONID=${sid}; Path=/; HttpOnly` },
    };
  }
  if (req.method === 'DELETE') {
    const sid = cookieSession(req.headers);
    if (sid) state.sessions.delete(sid);
    return { status: 204 };
  }
  // GET reads only ?token= (a wrong one: 401; a good one opens a session) or the cookie; a Bearer
  // header alone is not enough (404).
  const token = req.query.get('token');
  if (token !== null) {
    const user = state.tokens.get(token);
    if (user === undefined) return unauthorized;
    const sid = randomBytes(12).toString('hex');
    state.sessions.set(sid, user);
    return {
      status: 200,
      json: publicUser(state, user),
      headers: { 'set-cookie': `JSESSIONID=${sid}; Path=/; HttpOnly` },
    };
  }
  const sid = cookieSession(req.headers);
  const id = sid ? state.sessions.get(sid) : undefined;
  return id === undefined ? notFound : { status: 200, json: publicUser(state, id) };
}

function groupFrom(body: Record<string, unknown>, id: number): TcGroup {
  checkFields(body, GROUP_FIELDS, 'Group');
  return { id, name: str(body.name) ?? '', groupId: num(body.groupId), attributes: obj(body.attributes) };
}

function groups(state: StandinState, req: WireRequest, caller: number, id: number | null): WireAnswer {
  const admin = state.users.get(caller)?.administrator === true;
  if (req.method === 'GET') {
    if (id !== null)
      return state.canSeeGroup(caller, id) ? { status: 200, json: state.groups.get(id) } : notFound;
    const list =
      req.query.get('all') === 'true' && admin ? [...state.groups.values()] : state.linkedGroups(caller);
    return { status: 200, json: list };
  }
  const body = jsonBody(req);
  if (req.method === 'POST') {
    const group = groupFrom(body, state.newId());
    state.groups.set(group.id, group);
    state.link('group', caller, group.id);
    return { status: 200, json: group };
  }
  if (req.method === 'PUT') {
    const group = groupFrom(body, num(body.id));
    // Without `id` in the body nothing changes, yet the answer is 200.
    if (group.id === 0) return { status: 200, json: group };
    if (!state.canSeeGroup(caller, group.id))
      throw new JavaError('java.lang.SecurityException', 'Group access denied');
    state.groups.set(group.id, group);
    return { status: 200, json: group };
  }
  return notFound;
}

/** A device from a request body: every field the body leaves out takes its empty value. */
function deviceFrom(body: Record<string, unknown>, id: number, kept?: TcDevice): TcDevice {
  checkFields(body, DEVICE_FIELDS, 'Device');
  return {
    id,
    name: str(body.name) ?? '',
    uniqueId: str(body.uniqueId) ?? '',
    // status, lastUpdate and positionId are not stored from a request (@QueryIgnore).
    status: kept?.status ?? 'unknown',
    disabled: body.disabled === true,
    lastUpdate: kept?.lastUpdate ?? null,
    positionId: kept?.positionId ?? 0,
    groupId: num(body.groupId),
    phone: str(body.phone),
    model: str(body.model),
    contact: str(body.contact),
    category: str(body.category),
    attributes: obj(body.attributes),
  };
}

function duplicate(state: StandinState, uniqueId: string, except: number): void {
  const other = state.deviceByUniqueId(uniqueId);
  if (other && other.id !== except)
    throw new JavaError(
      'org.traccar.storage.StorageException',
      `java.sql.SQLIntegrityConstraintViolationException: Duplicate entry '${uniqueId}' for key 'tc_devices.uniqueid'`,
    );
}

function devices(
  state: StandinState,
  req: WireRequest,
  caller: number,
  id: number | null,
  events: StandinEvents,
): WireAnswer {
  const admin = state.users.get(caller)?.administrator === true;
  if (req.method === 'GET') {
    if (id !== null)
      return state.canSeeDevice(caller, id) ? { status: 200, json: state.devices.get(id) } : notFound;
    const uniqueIds = req.query.getAll('uniqueId');
    const ids = req.query.getAll('id').map(Number);
    const linked = state.linkedDevices(caller);
    // ?uniqueId= and ?id= look only among the devices linked to the caller, even for an admin.
    if (uniqueIds.length > 0 || ids.length > 0)
      return {
        status: 200,
        json: linked.filter((d) => uniqueIds.includes(d.uniqueId) || ids.includes(d.id)),
      };
    const all = req.query.get('all') === 'true' && admin;
    return { status: 200, json: all ? [...state.devices.values()] : linked };
  }
  const body = jsonBody(req);
  if (req.method === 'POST') {
    const device = deviceFrom(body, state.newId());
    if (!device.uniqueId) throw new JavaError('java.lang.IllegalArgumentException', 'Empty uniqueId');
    duplicate(state, device.uniqueId, device.id);
    state.devices.set(device.id, device);
    state.link('device', caller, device.id);
    events.device(device);
    return { status: 200, json: device };
  }
  if (req.method === 'PUT') {
    const targetId = num(body.id);
    const device = deviceFrom(body, targetId, state.devices.get(targetId));
    if (targetId === 0) return { status: 200, json: device };
    if (!state.canSeeDevice(caller, targetId))
      throw new JavaError('java.lang.SecurityException', 'Device access denied');
    duplicate(state, device.uniqueId, targetId);
    state.devices.set(targetId, device);
    events.device(device);
    return { status: 200, json: device };
  }
  return notFound;
}

function positions(state: StandinState, req: WireRequest, caller: number): WireAnswer {
  const ids = req.query.getAll('id').map(Number);
  if (ids.length > 0) {
    const out = [];
    for (const pid of ids) {
      const p = state.positions.get(pid);
      if (!p) throw new JavaError('java.lang.NullPointerException', 'position is null');
      if (!state.canSeeDevice(caller, p.deviceId))
        throw new JavaError('java.lang.SecurityException', 'Device access denied');
      out.push(p);
    }
    return { status: 200, json: out };
  }
  const deviceId = Number(req.query.get('deviceId') ?? 0);
  const devices = deviceId > 0 ? [state.devices.get(deviceId)] : state.linkedDevices(caller);
  if (deviceId > 0 && !state.canSeeDevice(caller, deviceId))
    throw new JavaError('java.lang.SecurityException', 'Device access denied');
  const latest = devices.flatMap((d) => {
    const p = d ? state.positions.get(d.positionId) : undefined;
    return p ? [p] : [];
  });
  return { status: 200, json: latest };
}

function sendCommand(state: StandinState, req: WireRequest, caller: number): WireAnswer {
  const body = jsonBody(req);
  checkFields(body, COMMAND_FIELDS, 'Command');
  const deviceId = num(body.deviceId);
  if (!state.canSeeDevice(caller, deviceId))
    throw new JavaError('java.lang.SecurityException', 'Device access denied');
  const device = state.devices.get(deviceId);
  const textChannel = body.textChannel === true;
  const data = str(obj(body.attributes).data);
  if (textChannel) {
    if (!state.textEnabled) throw new JavaError('java.lang.RuntimeException', 'SMS not configured');
    if (!device?.phone) throw new JavaError('java.lang.RuntimeException', 'Command phone is empty');
  }
  const answer = textChannel || device?.status === 'online' ? 200 : 202;
  state.commands.push({ deviceId, type: str(body.type) ?? '', textChannel, data, answer });
  return { status: answer, json: body };
}

/**
 * `GET /api/users`: every user for an administrator (never a password); anyone else is refused as
 * Traccar refuses a permission, with a 400 and a stack trace (no user manages others here).
 */
function users(state: StandinState, caller: number): WireAnswer {
  if (state.users.get(caller)?.administrator !== true)
    throw new JavaError('java.lang.SecurityException', 'Admin or manager access required');
  return { status: 200, json: [...state.users.keys()].map((id) => publicUser(state, id)) };
}

/** One REST call, as Traccar answers it. */
export function handleApi(state: StandinState, req: WireRequest, events: StandinEvents): WireAnswer {
  const parts = req.path.replace(/^\/api\/?/, '').split('/');
  const [resource = '', sub = ''] = parts;
  if (resource === 'server' && sub === '' && req.method === 'GET')
    return { status: 200, json: serverInfo(state) };
  if (resource === 'session' && sub === '') return session(state, req);
  const caller = callerOf(state, req);
  if (caller === null) return unauthorized;
  if (resource === 'session' && sub === 'token' && req.method === 'POST') {
    const token = randomBytes(24).toString('base64url');
    state.tokens.set(token, caller);
    return { status: 200, text: token };
  }
  if (resource === 'commands' && sub === 'send' && req.method === 'POST')
    return sendCommand(state, req, caller);
  const id = sub === '' ? null : Number(sub);
  if (id !== null && !Number.isInteger(id)) return notFound;
  if (resource === 'users' && sub === '' && req.method === 'GET') return users(state, caller);
  if (resource === 'groups') return groups(state, req, caller, id);
  if (resource === 'devices') return devices(state, req, caller, id, events);
  if (resource === 'positions' && req.method === 'GET') return positions(state, req, caller);
  return notFound;
}
