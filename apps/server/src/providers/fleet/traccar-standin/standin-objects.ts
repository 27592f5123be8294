import type { StandinState } from './standin-state.ts';

/** `GET /api/server` and a user as a Traccar 6.14.5 server answers them. */
export function serverInfo(state: StandinState) {
  return {
    id: 1,
    registration: false,
    readonly: false,
    deviceReadonly: false,
    limitCommands: false,
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
    // Not in the OpenAPI text, yet a real server sends it (Server.getTextEnabled()).
    textEnabled: state.textEnabled,
    attributes: {},
  };
}

export function publicUser(state: StandinState, id: number) {
  const u = state.users.get(id);
  if (!u) return null;
  return {
    id: u.id,
    name: u.name,
    login: u.login,
    email: u.email,
    phone: null,
    readonly: false,
    administrator: u.administrator,
    map: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    coordinateFormat: null,
    disabled: false,
    expirationTime: null,
    deviceLimit: -1,
    userLimit: 0,
    deviceReadonly: false,
    limitCommands: false,
    fixedEmail: false,
    poiLayer: null,
    attributes: {},
  };
}
