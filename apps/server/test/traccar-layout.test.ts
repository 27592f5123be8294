import { describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { TraccarHttp } from '../src/providers/fleet/traccar/traccar-http.ts';
import {
  groupLayout,
  placeOfGroup,
  unassignedGroupOf,
} from '../src/providers/fleet/traccar/traccar-layout.ts';
import { toAgencyDevices, toAgencyVehicles } from '../src/providers/fleet/traccar/traccar-mapping.ts';
import { TcGroupSchema, type TcGroup } from '../src/providers/fleet/traccar/traccar-schemas.ts';
import { TraccarWorld } from '../src/providers/fleet/traccar/traccar-world.ts';
import { STANDIN_ADMIN_TOKEN, STANDIN_USERS, seedStandin } from '../tools/traccar-standin/standin-seed.ts';
import type { StandinState, TcDevice } from '../tools/traccar-standin/standin-state.ts';
import { bearer, signInToTraccar, traccarRig } from './traccar-helpers.ts';

/** Issue 32 §5: which Traccar groups are agencies and buses (traccar-layout.ts, README). */

const g = (id: number, name: string, groupId: number, attributes: Record<string, unknown> = {}): TcGroup =>
  TcGroupSchema.parse({ id, name, groupId, attributes });
const NOT_A_BUS = { toolkit: 'not-a-bus' };

describe('the group layout (pure)', () => {
  const tree = [
    g(1, 'Metro', 0),
    g(2, '1001', 1),
    g(3, 'Cameras', 2),
    g(4, 'Rear', 3, NOT_A_BUS), // under a bus: on that bus, whatever it says
    g(5, 'Spare units', 1, NOT_A_BUS),
    g(6, '3001', 5), // inside a group that is not a bus: a bus by the same rule
    g(7, 'Returns', 5, { toolkit: ' Not-A-Bus ' }),
    g(8, 'Valley', 0),
    g(9, '200', 8),
  ];

  it('top-level groups are agencies; subgroups buses unless marked; deeper groups count on their bus', () => {
    const layout = groupLayout(tree);
    expect(layout.agencies.map((a) => a.name)).toEqual(['Metro', 'Valley']);
    expect(layout.buses.get(1)?.map((b) => b.name)).toEqual(['1001', '3001']);
    expect(layout.buses.get(8)?.map((b) => b.name)).toEqual(['200']);
    const place = (id: number) => placeOfGroup(layout, id);
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(place)).toEqual([
      { agencyId: 1, vehicleId: null },
      { agencyId: 1, vehicleId: 2 },
      { agencyId: 1, vehicleId: 2 },
      { agencyId: 1, vehicleId: 2 },
      { agencyId: 1, vehicleId: null },
      { agencyId: 1, vehicleId: 6 },
      { agencyId: 1, vehicleId: null },
      { agencyId: 8, vehicleId: 9 },
    ]);
    expect(place(0)).toBeNull();
  });

  it('TRACCAR_AGENCY_PARENT: agencies are that group’s direct subgroups, other top-level groups none', () => {
    const layout = groupLayout(
      [g(20, 'Tenants', 0), g(21, 'Archive', 0), ...tree.map((x) => ({ ...x, groupId: x.groupId || 20 }))],
      20,
    );
    expect(layout.agencies.map((a) => a.name)).toEqual(['Metro', 'Valley']);
    expect(placeOfGroup(layout, 21)).toBeNull();
    expect(placeOfGroup(layout, 20)).toBeNull();
    expect(placeOfGroup(layout, 3)).toEqual({ agencyId: 1, vehicleId: 2 });
  });

  it('unassigning: from a bus (at any depth) to the agency’s group; an unassigned device stays where it is', () => {
    const layout = groupLayout(tree);
    expect(unassignedGroupOf(layout, 4)).toBe(1);
    expect(unassignedGroupOf(layout, 6)).toBe(1);
    expect(unassignedGroupOf(layout, 5)).toBe(5);
    expect(unassignedGroupOf(layout, 1)).toBe(1);
    expect(unassignedGroupOf(layout, 0)).toBe(0);
  });

  it('a loop in the tree is read once, without hanging', () => {
    const layout = groupLayout([g(1, 'Metro', 0), g(2, '1001', 1), g(3, 'A', 4), g(4, 'B', 3)]);
    expect(layout.buses.get(1)?.map((b) => b.name)).toEqual(['1001']);
    expect(placeOfGroup(layout, 3)).toBeNull();
  });
});

/** The seeded stand-in with a spare-units group, a deeper group on bus 1000, and a parent group. */
function arranged(): {
  state: StandinState;
  parent: number;
  spare: TcDevice;
  deep: TcDevice;
  parked: TcDevice;
} {
  const state = seedStandin();
  const find = (name: string) => [...state.groups.values()].find((x) => x.name === name);
  const metro = find('Metro Transit');
  const bus = find('1000');
  if (!metro || !bus) throw new Error('fixture');
  const group = (name: string, groupId: number, attributes: Record<string, unknown> = {}) => {
    const id = state.newId();
    state.groups.set(id, { id, name, groupId, attributes });
    return id;
  };
  const device = (groupId: number, uniqueId: string): TcDevice => {
    const id = state.newId();
    const d: TcDevice = {
      id,
      name: `Unit ${uniqueId}`,
      uniqueId,
      status: 'online',
      disabled: false,
      lastUpdate: '2026-05-01T13:02:11.120+00:00',
      positionId: 0,
      groupId,
      phone: null,
      model: 'Axis camera',
      contact: null,
      category: null,
      attributes: { deviceType: 'Other' },
    };
    state.devices.set(id, d);
    return d;
  };
  const spareGroup = group('Spare units', metro.id, NOT_A_BUS);
  const parkedBus = group('3001', spareGroup);
  const cameras = group('Cameras', bus.id);
  const parent = group('Tenants', 0);
  return {
    state,
    parent,
    spare: device(spareGroup, '990000000000001'),
    deep: device(group('Rear', cameras), '990000000000002'),
    parked: device(parkedBus, '990000000000003'),
  };
}

describe('the layout read from Traccar (world and mapping)', () => {
  const setup = arranged();
  const rig = traccarRig({ standin: { state: setup.state } });

  it('an agency’s vehicles and devices follow the layout', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const http = new TraccarHttp({
      baseUrl: rig.standin.url,
      token: STANDIN_ADMIN_TOKEN,
      timeoutMs: 2000,
      log,
    });
    const world = new TraccarWorld(http, 0);
    const metro = (await world.groups()).find((x) => x.name === 'Metro Transit');
    const view = await world.agency(String(metro?.id));
    const vehicles = toAgencyVehicles(view);
    expect(vehicles.map((v) => v.vehicleId)).toContain('3001');
    expect(vehicles.map((v) => v.vehicleId)).not.toContain('Spare units');
    expect(vehicles.map((v) => v.vehicleId)).not.toContain('Cameras');
    expect(vehicles.every((v) => v.clientExternalId === String(metro?.id))).toBe(true);
    const devices = toAgencyDevices(view);
    const on = (uniqueId: string) => devices.find((d) => d.deviceId === uniqueId)?.vehicleExternalId;
    const bus1000 = vehicles.find((v) => v.vehicleId === '1000');
    expect(on(setup.spare.uniqueId)).toBeNull();
    expect(on(setup.deep.uniqueId)).toBe(bus1000?.externalId);
    expect(on(setup.parked.uniqueId)).toBe(vehicles.find((v) => v.vehicleId === '3001')?.externalId);
    expect(bus1000?.lastSeen).not.toBeNull();
  });
});

describe('the layout through the API', () => {
  const setup = arranged();
  const rig = traccarRig({ standin: { state: setup.state } });

  it('a not-a-bus group’s devices are unassigned; a device deeper under a bus is on that bus', async () => {
    const login = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const get = async <T>(url: string) =>
      (await rig.ctx.app.inject({ method: 'GET', url, headers: bearer(login.token) })).json<T>();
    const metro = (await get<Client[]>('/api/clients')).find((c) => c.name === 'Metro Transit');
    const vehicles = await get<Vehicle[]>(`/api/vehicles/client/${String(metro?.id)}`);
    const devices = await get<Device[]>(`/api/devices/client/${String(metro?.id)}`);
    expect(vehicles.map((v) => v.vehicleId)).not.toContain('Spare units');
    expect(vehicles.map((v) => v.vehicleId)).toContain('3001');
    const shown = (d: TcDevice) => devices.find((x) => x.deviceId === d.uniqueId);
    expect(shown(setup.spare)).toMatchObject({ vehicleId: null });
    expect(shown(setup.deep)).toMatchObject({ vehicleLabel: '1000' });
    expect(shown(setup.parked)).toMatchObject({ vehicleLabel: '3001' });
  });
});

describe('TRACCAR_AGENCY_PARENT through the API', () => {
  const setup = arranged();
  // Metro Transit and Valley Bus move under "Tenants"; Rural Lines stays at the top level.
  for (const group of setup.state.groups.values())
    if (group.name === 'Metro Transit' || group.name === 'Valley Bus') group.groupId = setup.parent;
  const rig = traccarRig({
    standin: { state: setup.state },
    overrides: { TRACCAR_AGENCY_PARENT: String(setup.parent) },
  });

  it('the installer’s agencies are the parent’s subgroups it is linked to, with their buses', async () => {
    const login = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const get = async <T>(url: string) =>
      (await rig.ctx.app.inject({ method: 'GET', url, headers: bearer(login.token) })).json<T>();
    const clients = await get<Client[]>('/api/clients');
    expect(clients.map((c) => c.name).sort()).toEqual(['Metro Transit', 'Valley Bus']);
    const metro = clients.find((c) => c.name === 'Metro Transit');
    expect(metro?.vehicleCount).toBe(31);
    const rural = await signInToTraccar(rig.ctx, STANDIN_USERS.rural.email);
    expect(rural.user.clientIds).toEqual([]);
  });
});
