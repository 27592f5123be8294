import type { ProviderDevice, ProviderDeviceStatus } from '../fleet-provider.ts';
import type { Random, SimDevice } from './fleet-data.ts';
import type { FleetWorld } from './fleet-world.ts';

/* How simulated devices behave over time: what they report, and how their state drifts. */

/** The free key/value data a unit of this type reports in its state. */
export function deviceMetadata(d: SimDevice, r: Random): ProviderDevice['metadata'] {
  const up = d.status !== 'offline';
  const base = { name: d.name, deviceSystem: d.deviceSystem };
  switch (d.type) {
    case 'GPS':
      return {
        ...base,
        gpsCount: up ? r.int(d.status === 'online' ? 7 : 2, 14) : 0,
        lastFixAt: up ? d.lastHeartbeat : null,
        inputVoltage: up ? Number((12.4 + r.next() * 1.6).toFixed(1)) : null,
        clockDriftMs: up ? r.int(-400, 400) : null,
        carrier: d.carrier,
      };
    case 'Tablet':
      return {
        ...base,
        battery: up ? r.int(d.status === 'warning' ? 8 : 25, 100) : r.int(0, 20),
        temperature: up ? r.int(28, 47) : null,
        clockDriftMs: up ? r.int(-1500, 1500) : null,
        appVersion: d.firmwareVersion,
      };
    case 'Router':
      return {
        ...base,
        carrier: d.carrier,
        network: up ? r.pick(['LTE', '5G', 'LTE']) : null,
        wifiClients: up ? r.int(0, 30) : 0,
        temperature: up ? r.int(35, 62) : null,
      };
    case 'APC':
      return {
        ...base,
        door: d.name.toLowerCase().includes('rear') ? 'rear' : 'front',
        countsToday: up ? r.int(0, 900) : 0,
        sensorHealthy: d.status !== 'error',
      };
    case 'Other':
      return {
        ...base,
        headsign: r.pick(['IN SERVICE', 'NOT IN SERVICE', 'DOWNTOWN', 'TRANSIT CENTER', 'GARAGE']),
        audio: r.pick(['ok', 'ok', 'ok', 'muted']),
      };
  }
}

/** Heartbeats come and go: a few devices change state on every tick; the others report in. */
export function tickWorld(world: FleetWorld, statusChanges: boolean): void {
  const now = world.now();
  const all = [...world.devices.values()];
  const flips = statusChanges ? Math.max(1, Math.round(all.length * 0.01)) : 0;
  for (let i = 0; i < flips; i++) {
    const d = world.random.pick(all);
    if (d.type === 'Other' && world.random.chance(0.5)) continue;
    const next: ProviderDeviceStatus =
      d.status === 'online'
        ? world.random.pick(['offline', 'warning', 'online'] as const)
        : world.random.chance(0.7)
          ? 'online'
          : d.status;
    setDeviceStatus(world, d, next);
  }
  for (const d of all) {
    if (d.status !== 'offline')
      d.lastHeartbeat = new Date(now - world.random.int(0, 20) * 1000).toISOString();
  }
  const reporting = new Set(
    all.filter((d) => d.status === 'online' && d.vehicleExternalId).map((d) => d.vehicleExternalId),
  );
  for (const v of world.vehicles.values()) {
    if (reporting.has(v.externalId)) v.lastSeen = new Date(now).toISOString();
  }
}

/** A device reports a new state now (or goes quiet); its metadata follows. */
export function setDeviceStatus(world: FleetWorld, d: SimDevice, status: ProviderDeviceStatus): void {
  d.status = status;
  if (status !== 'offline') {
    d.lastHeartbeat = new Date(world.now()).toISOString();
    d.signalStrength =
      d.type === 'Other'
        ? null
        : world.random.int(status === 'online' ? 45 : 10, status === 'online' ? 100 : 45);
  } else {
    d.signalStrength = null;
  }
  d.metadata = deviceMetadata(d, world.random);
}
