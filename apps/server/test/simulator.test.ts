import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit, isVinFormatValid } from '@toolkit/contracts/vin.ts';
import { pickEncoding } from '../src/lib/revision-cache.ts';
import { ProviderRejectedError, ProviderUnavailableError } from '../src/providers/fleet/fleet-provider.ts';
import { createFleetSimulator } from '../src/providers/fleet/simulator/fleet-simulator.ts';
import { yearFromVin } from '../src/providers/vin/wmi.ts';

describe('fleet simulator', () => {
  it('builds the same believable fleet for the same seed', async () => {
    const a = createFleetSimulator({ seed: 3 });
    const b = createFleetSimulator({ seed: 3 });
    const shape = async (sim: typeof a) =>
      (await sim.listVehicles('ag-100')).map(({ lastSeen: _lastSeen, ...v }) => v);
    expect(await shape(a)).toEqual(await shape(b));
    const sizes = await Promise.all(
      ['ag-100', 'ag-200', 'ag-300'].map(async (id) => (await a.listVehicles(id)).length),
    );
    expect(sizes[0]).toBeGreaterThanOrEqual(300);
    expect(sizes[1]).toBeGreaterThanOrEqual(75);
    expect(sizes[1]).toBeLessThanOrEqual(90);
    expect(sizes[2]).toBe(12);
  });

  it('gives buses VINs on real transit makers with valid check digits and the right model year', async () => {
    const sim = createFleetSimulator({ seed: 11 });
    const vehicles = [...(await sim.listVehicles('ag-100')), ...(await sim.listVehicles('ag-200'))];
    const withVin = vehicles.filter((v) => v.vin);
    expect(withVin.length).toBeGreaterThan(vehicles.length * 0.8);
    for (const v of withVin) {
      const vin = v.vin ?? '';
      expect(isVinFormatValid(vin)).toBe(true);
      expect(hasValidCheckDigit(vin)).toBe(true);
      expect(['15G', '5FY', '4RK', '1M8', '1N9', '1FD']).toContain(vin.slice(0, 3));
      expect(yearFromVin(vin, new Date('2026-11-22'))).toBe(v.year);
    }
  });

  it('changes statuses on its own unless told not to, when only the control changes them', async () => {
    const statuses = async (sim: ReturnType<typeof createFleetSimulator>) =>
      (await sim.listDevices('ag-100')).map((d) => d.status).join();
    const live = createFleetSimulator({ seed: 8 });
    const liveBefore = await statuses(live);
    for (let i = 0; i < 5; i++) live.tick();
    expect(await statuses(live)).not.toBe(liveBefore);

    const held = createFleetSimulator({ seed: 8, statusChanges: false });
    const heldBefore = await statuses(held);
    for (let i = 0; i < 5; i++) held.tick();
    expect(await statuses(held)).toBe(heldBefore);
    const [first] = await held.listDevices('ag-100');
    if (!first) throw new Error('the metro agency has devices');
    held.setDeviceHeartbeat(first.deviceId, { status: first.status === 'offline' ? 'online' : 'offline' });
    expect(await statuses(held)).not.toBe(heldBefore);
  });

  it('has every device type, spares, and CalAmp GPS units with ESN and phone', async () => {
    const sim = createFleetSimulator({ seed: 5 });
    const devices = await sim.listDevices('ag-100');
    expect(new Set(devices.map((d) => d.type))).toEqual(new Set(['GPS', 'Tablet', 'Router', 'APC', 'Other']));
    expect(devices.filter((d) => d.vehicleExternalId === null).length).toBeGreaterThan(5);
    const gps = devices.filter((d) => d.type === 'GPS');
    expect(
      gps.every(
        (d) => d.deviceSystem?.startsWith('CalAmp') && d.serialNumberESN && d.phone && d.phone.length >= 10,
      ),
    ).toBe(true);
    expect(devices.filter((d) => d.type === 'APC').every((d) => d.ipAddress)).toBe(true);
    expect(new Set(devices.map((d) => d.deviceId)).size).toBe(devices.length);
  });

  it('answers !R0 with APP, COM, GPS and INP lines, and stays quiet when the unit is off', async () => {
    const sim = createFleetSimulator({ seed: 5 });
    const devices = await sim.listDevices('ag-100');
    const online = devices.find((d) => d.type === 'GPS' && d.status === 'online');
    const offline = devices.find((d) => d.type === 'GPS' && d.status === 'offline');
    if (!online || !offline) throw new Error('fixture');
    const reply = await sim.sendSms(online.externalId, '!R0');
    expect(reply.reply?.split('\n').map((l) => l.slice(0, 4))).toEqual(['APP:', 'COM:', 'GPS:', 'INP:']);
    expect((await sim.sendSms(offline.externalId, '!R0')).reply).toBeNull();
    await expect(
      sim.sendSms(devices.find((d) => d.type === 'Tablet')?.externalId ?? '', '!R0'),
    ).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('changes heartbeats over time and injects failures on demand', async () => {
    const sim = createFleetSimulator({ seed: 9 });
    const before = (await sim.listDevices('ag-100')).map((d) => d.status).join();
    for (let i = 0; i < 5; i++) sim.tick();
    expect((await sim.listDevices('ag-100')).map((d) => d.status).join()).not.toBe(before);
    sim.setFailures({ outage: true });
    await expect(sim.listClients(['ag-100'])).rejects.toBeInstanceOf(ProviderUnavailableError);
    sim.setFailures({ outage: false, errorRate: 1 });
    await expect(sim.listClients(['ag-100'])).rejects.toBeInstanceOf(ProviderUnavailableError);
    sim.setFailures({ errorRate: 0 });
    expect(await sim.listClients(['ag-100'])).toHaveLength(1);
    expect(
      sim
        .callLog()
        .filter((c) => c.method === 'listClients')
        .map((c) => c.outcome),
    ).toEqual(['unavailable', 'unavailable', 'ok']);
  });

  it('signs in its three accounts by username or e-mail, and nobody with a wrong password', async () => {
    const sim = createFleetSimulator();
    expect((await sim.signIn('demo', 'demo-password'))?.clientExternalIds).toEqual(['ag-100', 'ag-200']);
    expect((await sim.signIn('RIVAL@installer-toolkit.local', 'demo-password'))?.clientExternalIds).toEqual([
      'ag-300',
    ]);
    expect((await sim.signIn('newcomer', 'demo-password'))?.clientExternalIds).toEqual([]);
    expect(await sim.signIn('demo', 'Demo-password')).toBeNull();
  });
});

describe('content negotiation', () => {
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
  });
});
