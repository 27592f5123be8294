import { authenticate } from './standin-auth.ts';
import { serverInfo } from './standin-objects.ts';
import { checkEdit, checkPermission, checkRestriction } from './standin-permissions.ts';
import { sessionResource } from './standin-session.ts';
import { SERVICE_ACCOUNT_ID, type StandinState, type TcDevice, type TcGroup } from './standin-state.ts';
import { usersResource } from './standin-users.ts';
import {
  AT,
  JavaError,
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

/** BaseObjectResource.add links a new object to its creator, except the service account's. */
function linkNew(state: StandinState, kind: 'group' | 'device', caller: number, id: number): void {
  if (caller !== SERVICE_ACCOUNT_ID) state.link(kind, caller, id);
}

/** Storage.MAX_GROUP_DEPTH parents are followed looking for a cycle (BaseObjectResource.update). */
function checkCycle(state: StandinState, group: TcGroup): void {
  let parentId = group.groupId;
  let depth = 3;
  while (parentId > 0 && depth-- > 0) {
    if (parentId === group.id)
      throw new JavaError('java.lang.IllegalArgumentException', 'Cycle in group hierarchy', [
        'org.traccar.api.BaseObjectResource.update(BaseObjectResource.java:112)',
      ]);
    parentId = state.groups.get(parentId)?.groupId ?? 0;
  }
}

function groupFrom(body: Record<string, unknown>, id: number): TcGroup {
  checkFields(body, GROUP_FIELDS, 'Group');
  return { id, name: str(body.name) ?? '', groupId: num(body.groupId), attributes: obj(body.attributes) };
}

function groups(state: StandinState, req: WireRequest, caller: number, id: number | null): WireAnswer {
  const admin = state.user(caller)?.administrator === true;
  if (req.method === 'GET') {
    if (id !== null) {
      // BaseObjectResource.getSingle: checkPermission first (400 when not linked), then 404.
      checkPermission(state, 'group', caller, id, AT.getSingle);
      const group = state.groups.get(id);
      return group ? { status: 200, json: group } : notFound;
    }
    const list =
      req.query.get('all') === 'true' && admin ? [...state.groups.values()] : state.linkedGroups(caller);
    return { status: 200, json: list };
  }
  const body = jsonBody(req);
  if (req.method === 'POST') {
    const group = groupFrom(body, 0);
    // BaseObjectResource.add: PermissionsService.checkEdit before the row is stored.
    checkEdit(state, caller, 'group', true, group, AT.add);
    group.id = state.newId();
    state.groups.set(group.id, group);
    linkNew(state, 'group', caller, group.id);
    return { status: 200, json: group };
  }
  if (req.method === 'PUT') {
    const group = groupFrom(body, num(body.id));
    // BaseObjectResource.update: checkPermission on the body's id, the cycle check, then checkEdit.
    checkPermission(state, 'group', caller, group.id, AT.update);
    checkCycle(state, group);
    checkEdit(state, caller, 'group', false, group, AT.updateEdit);
    // Without `id` (or with an unknown one) no row changes, yet the answer is 200.
    if (!state.groups.has(group.id)) return { status: 200, json: group };
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
  const admin = state.user(caller)?.administrator === true;
  if (req.method === 'GET') {
    if (id !== null) {
      checkPermission(state, 'device', caller, id, AT.getSingle);
      const device = state.devices.get(id);
      return device ? { status: 200, json: device } : notFound;
    }
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
    const device = deviceFrom(body, 0);
    // BaseObjectResource.add: checkEdit (readonly, deviceReadonly, deviceLimit, the group) first.
    checkEdit(state, caller, 'device', true, device, AT.add);
    if (!device.uniqueId) throw new JavaError('java.lang.IllegalArgumentException', 'Empty uniqueId');
    duplicate(state, device.uniqueId, device.id);
    device.id = state.newId();
    state.devices.set(device.id, device);
    linkNew(state, 'device', caller, device.id);
    events.device(device);
    return { status: 200, json: device };
  }
  if (req.method === 'PUT') {
    const targetId = num(body.id);
    const device = deviceFrom(body, targetId, state.devices.get(targetId));
    // BaseObjectResource.update: checkPermission on the body's id, then checkEdit.
    checkPermission(state, 'device', caller, targetId, AT.update);
    checkEdit(state, caller, 'device', false, device, AT.updateEdit);
    if (!state.devices.has(targetId)) return { status: 200, json: device };
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
  const savedId = num(body.id);
  if (savedId > 0) {
    // CommandResource.send: a saved command must be linked; the stand-in keeps none (an
    // administrator passes the check and meets a null command).
    checkPermission(
      state,
      'command',
      caller,
      savedId,
      'org.traccar.api.resource.CommandResource.send(CommandResource.java:124)',
    );
    throw new JavaError(
      'java.lang.NullPointerException',
      'Cannot invoke "org.traccar.model.Command.setDeviceId(long)" because "entity" is null',
      ['org.traccar.api.resource.CommandResource.send(CommandResource.java:128)'],
    );
  }
  // CommandResource.send: a command typed in (no saved id) is refused when limitCommands.
  checkRestriction(state, caller, 'limitCommands', AT.send);
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

/** One REST call, as Traccar answers it. */
export function handleApi(state: StandinState, req: WireRequest, events: StandinEvents): WireAnswer {
  const parts = req.path.replace(/^\/api\/?/, '').split('/');
  const [resource = '', sub = ''] = parts;
  // SecurityRequestFilter runs before every resource, the @PermitAll ones (server, session) too.
  const caller = authenticate(state, req);
  req.userId = caller;
  if (resource === 'server' && sub === '' && req.method === 'GET')
    return { status: 200, json: serverInfo(state) };
  if (resource === 'session') return sessionResource(state, req, parts.slice(1), caller);
  if (caller === null) return unauthorized;
  if (resource === 'commands' && sub === 'send' && req.method === 'POST')
    return sendCommand(state, req, caller);
  const id = sub === '' ? null : Number(sub);
  if (id !== null && !Number.isInteger(id)) return notFound;
  if (resource === 'users') return usersResource(state, req, caller, id);
  if (resource === 'groups') return groups(state, req, caller, id);
  if (resource === 'devices') return devices(state, req, caller, id, events);
  if (resource === 'positions' && req.method === 'GET') return positions(state, req, caller);
  return notFound;
}
