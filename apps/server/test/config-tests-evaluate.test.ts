import { describe, expect, it } from 'vitest';
import type { Device } from '@toolkit/contracts/devices.ts';
import { evaluateConfiguration } from '../src/modules/config-tests/evaluate.ts';

/** A device as the API answers it (for the configuration tests' rules). */
function makeDevice(deviceId: string, type: Device['type'], extra: Partial<Device>): Device {
  return {
    id: 1,
    deviceId,
    navigatorDeviceId: null,
    clientId: 1,
    type,
    name: null,
    deviceSystem: null,
    deviceSystemId: null,
    vehicleId: 1,
    vehicleLabel: '1001',
    status: 'online',
    lastHeartbeat: null,
    signalStrength: null,
    serialNumber: null,
    serialNumberESN: null,
    phone: null,
    simCardId: null,
    imei: null,
    ipAddress: null,
    firmwareVersion: null,
    metadata: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('configuration tests: what a unit does not say, and what the platform disabled', () => {
  it('the GPS test: an unknown count with a fresh valid fix is a warning that says the count is unknown', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const at = new Date(now - 30_000).toISOString();
    const unit = makeDevice('G1', 'GPS', {
      lastHeartbeat: at,
      metadata: { lastFixAt: at, gpsCount: null, fixValid: true },
    });
    expect(evaluateConfiguration([unit], now).gpsTest).toEqual({
      result: 'warning',
      detail: 'G1: valid fix, position 30 s old; satellite count unknown (the unit does not report it)',
    });
    // A provider that gives no count at all: unknown too, never "only 0 satellites".
    const bare = makeDevice('G3', 'GPS', { lastHeartbeat: at, metadata: {} });
    expect(evaluateConfiguration([bare], now).gpsTest).toEqual({
      result: 'warning',
      detail: 'G3: position 30 s old; satellite count unknown (the unit does not report it)',
    });
  });

  it('the GPS test: an unknown count with an invalid fix says both; a known low count still names the antenna', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const at = new Date(now - 30_000).toISOString();
    const unit = (metadata: Device['metadata']) =>
      makeDevice('G1', 'GPS', { lastHeartbeat: at, metadata: { lastFixAt: at, ...metadata } });
    expect(evaluateConfiguration([unit({ gpsCount: null, fixValid: false })], now).gpsTest).toEqual({
      result: 'warning',
      detail: 'G1: no valid fix; satellite count unknown (the unit does not report it)',
    });
    expect(evaluateConfiguration([unit({ gpsCount: 0, fixValid: false })], now).gpsTest.detail).toMatch(
      /only 0 satellites .*check the antenna/,
    );
    // A unit with a full count is preferred to one that does not say.
    const best = evaluateConfiguration(
      [unit({ gpsCount: null, fixValid: true }), { ...unit({ gpsCount: 7 }), deviceId: 'G2' }],
      now,
    );
    expect(best.gpsTest).toEqual({
      result: 'pass',
      detail: 'G2: 3D fix with 7 satellites, position 30 s old',
    });
  });

  it('a router disabled in the fleet platform is named so, not "error"', () => {
    const router = makeDevice('R1', 'Router', { status: 'error', metadata: { disabled: true } });
    expect(evaluateConfiguration([router]).connectivityTest).toEqual({
      result: 'fail',
      detail: 'Router R1 is disabled in the fleet platform',
    });
  });
});
