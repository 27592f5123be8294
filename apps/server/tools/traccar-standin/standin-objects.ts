import type { StandinState } from './standin-state.ts';

/** `GET /api/server` and a user as a Traccar server of `state.version` answers them. */
export function serverInfo(state: StandinState) {
  return {
    id: 1,
    registration: false,
    // The server-wide UserRestrictions (model/Server.java), checked by PermissionsService.
    readonly: state.server.readonly,
    deviceReadonly: state.server.deviceReadonly,
    limitCommands: state.server.limitCommands,
    map: null,
    bingKey: null,
    mapUrl: null,
    poiLayer: null,
    announcement: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    version: state.version,
    forceSettings: false,
    coordinateFormat: null,
    openIdEnabled: false,
    openIdForce: false,
    // Not in the OpenAPI text, yet a real server sends it (Server.getTextEnabled(), since 5.8).
    ...(state.atLeast('5.8') ? { textEnabled: state.textEnabled } : {}),
    attributes: {},
  };
}

/**
 * A user as Jackson writes model/User.java: every getter without @JsonIgnore, so `totpKey` (since
 * 5.10) and `temporary` (since 5.11) too, and `password` as null (getPassword() returns null);
 * never the hashed password or salt (@JsonIgnore).
 */
export function publicUser(state: StandinState, id: number) {
  const u = state.user(id);
  if (!u) return null;
  return {
    id: u.id,
    name: u.name,
    login: u.login,
    email: u.email,
    phone: null,
    readonly: u.readonly,
    administrator: u.administrator,
    map: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    password: null,
    coordinateFormat: null,
    disabled: u.disabled,
    expirationTime: u.expirationTime,
    deviceLimit: u.deviceLimit,
    userLimit: u.userLimit,
    deviceReadonly: u.deviceReadonly,
    limitCommands: u.limitCommands,
    disableReports: false,
    fixedEmail: false,
    poiLayer: null,
    ...(state.atLeast('5.10') ? { totpKey: u.totpKey } : {}),
    ...(state.atLeast('5.11') ? { temporary: false } : {}),
    attributes: {},
  };
}
