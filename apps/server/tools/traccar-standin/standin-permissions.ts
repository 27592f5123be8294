import type { ServerRestrictions, StandinState } from './standin-state.ts';
import { AT, securityError } from './standin-wire.ts';

/**
 * PermissionsService (api/security/PermissionsService.java) for the objects the stand-in has. Every
 * check lets an administrator (the service account too) through; for anyone else the server's and
 * the user's own restrictions count.
 */
type Kind = 'device' | 'group' | 'command';
const CLASS: Record<Kind, string> = { device: 'Device', group: 'Group', command: 'Command' };

const admin = (state: StandinState, userId: number) => state.user(userId)?.administrator === true;

/** checkPermission: the object must be linked to the user (or inside a linked group). */
export function checkPermission(
  state: StandinState,
  kind: Kind,
  userId: number,
  objectId: number,
  ...callers: string[]
): void {
  if (admin(state, userId)) return;
  const linked =
    kind === 'device'
      ? state.canSeeDevice(userId, objectId)
      : kind === 'group'
        ? state.canSeeGroup(userId, objectId)
        : false; // the stand-in keeps no saved commands, so none is linked
  if (!linked) throw securityError(`${CLASS[kind]} access denied`, AT.checkPermission, ...callers);
}

/** checkRestriction: refused when the server or the user has the restriction. */
export function checkRestriction(
  state: StandinState,
  userId: number,
  restriction: keyof ServerRestrictions,
  ...callers: string[]
): void {
  const user = state.user(userId);
  if (!user || user.administrator) return;
  if (state.server[restriction] || user[restriction])
    throw securityError('Operation restricted', AT.checkRestriction, ...callers);
}

/**
 * checkEdit(userId, object, addition, skipReadonly=false): `readonly` (server or user) refuses any
 * write; for a device `deviceReadonly`, and on addition a `deviceLimit` of 0 or as many linked
 * devices as the limit; then a grouped object moved to (or added in) a group must be in a group the
 * user may see.
 */
export function checkEdit(
  state: StandinState,
  userId: number,
  kind: Kind,
  addition: boolean,
  object: { id: number; groupId?: number },
  ...callers: string[]
): void {
  const user = state.user(userId);
  if (!user || user.administrator) return;
  let denied = false;
  if (state.server.readonly || user.readonly) denied = true;
  else if (kind === 'device') {
    denied = state.server.deviceReadonly || user.deviceReadonly || (addition && user.deviceLimit === 0);
    if (!denied && addition && user.deviceLimit > 0)
      denied = state.linkedDevices(userId).length >= user.deviceLimit;
  } else if (kind === 'command') denied = state.server.limitCommands || user.limitCommands;
  if (denied) throw securityError('Write access denied', AT.checkEdit, AT.checkEditObject, ...callers);
  const groupId = object.groupId ?? 0;
  if (groupId > 0) {
    const before = addition
      ? undefined
      : kind === 'device'
        ? state.devices.get(object.id)?.groupId
        : state.groups.get(object.id)?.groupId;
    if (before === undefined || before !== groupId)
      checkPermission(
        state,
        'group',
        userId,
        groupId,
        'org.traccar.api.security.PermissionsService.checkEdit(PermissionsService.java:140)',
        ...callers,
      );
  }
}
