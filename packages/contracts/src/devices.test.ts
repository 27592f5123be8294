import { describe, expect, it } from 'vitest';
import {
  CreateDeviceInputSchema,
  DEVICE_MESSAGES,
  filterSystemsByType,
  isCalAmpSystem,
  isSmsPhoneValid,
  type DeviceSystem,
} from './devices.ts';

const base = { clientId: 1, name: 'Unit', deviceSystem: 'Sys' };
const messages = (input: object) => {
  const r = CreateDeviceInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('create-device rules per type (§5)', () => {
  it('needs a name and a system for every type', () => {
    expect(messages({ ...base, type: 'Tablet', name: ' ' })).toContain(
      `name: ${DEVICE_MESSAGES.nameRequired}`,
    );
    expect(messages({ ...base, type: 'GPS', deviceSystem: '' })).toContain(
      `deviceSystem: ${DEVICE_MESSAGES.systemRequired}`,
    );
  });

  it('needs a device type of §3, in the spec words', () => {
    expect(messages({ ...base })).toEqual([`type: ${DEVICE_MESSAGES.typeRequired}`]);
    expect(messages({ ...base, type: 'Toaster' })).toEqual([`type: ${DEVICE_MESSAGES.typeRequired}`]);
  });

  it('needs a serial number for Router, APC and Other only', () => {
    for (const type of ['Router', 'Other'] as const) {
      expect(messages({ ...base, type })).toEqual([`serialNumber: ${DEVICE_MESSAGES.requiredForType}`]);
      expect(messages({ ...base, type, serialNumber: 'SN1' })).toEqual([]);
    }
    expect(messages({ ...base, type: 'GPS' })).toEqual([]);
    expect(messages({ ...base, type: 'Tablet' })).toEqual([]);
  });

  it('needs both heights for APC, accepting zero', () => {
    expect(messages({ ...base, type: 'APC', serialNumber: 'S' })).toEqual([
      `heightToFloor: ${DEVICE_MESSAGES.requiredForType}`,
      `heightToStreet: ${DEVICE_MESSAGES.requiredForType}`,
    ]);
    const ok = CreateDeviceInputSchema.parse({
      ...base,
      type: 'APC',
      serialNumber: 'S',
      heightToFloor: '0',
      heightToStreet: 41.5,
    });
    expect(ok).toMatchObject({ heightToFloor: 0, heightToStreet: 41.5, hasStairs: false, vehicleId: null });
  });

  it('refuses a phone number with fewer than 10 digits', () => {
    expect(messages({ ...base, type: 'GPS', phoneNumber: '555-1234' })).toEqual([
      `phoneNumber: ${DEVICE_MESSAGES.invalidPhone}`,
    ]);
    expect(isSmsPhoneValid('(555) 201-3344')).toBe(true);
    expect(isSmsPhoneValid('555 2013')).toBe(false);
    expect(isSmsPhoneValid(null)).toBe(false);
  });
});

describe('device systems by type', () => {
  const sys = (id: number, name: string, flags: Partial<DeviceSystem> = {}): DeviceSystem => ({
    id,
    name,
    mdt: false,
    router: false,
    gps: false,
    apc: false,
    ...flags,
  });
  const systems = [
    sys(1, 'CalAmp LMU-3640', { gps: true }),
    sys(2, 'Samsung Galaxy Tab Active MDT', { mdt: true }),
    sys(3, 'Cradlepoint IBR900'),
    sys(4, 'Sierra Wireless RV55', { router: true }),
    sys(5, 'APS2 Rear Door'),
    sys(6, 'Hanover Headsign'),
  ];
  it('filters by flag or by keyword in the name', () => {
    expect(filterSystemsByType(systems, 'GPS').map((s) => s.id)).toEqual([1]);
    expect(filterSystemsByType(systems, 'Tablet').map((s) => s.id)).toEqual([2]);
    expect(filterSystemsByType(systems, 'Router').map((s) => s.id)).toEqual([3, 4]);
    expect(filterSystemsByType(systems, 'APC').map((s) => s.id)).toEqual([5]);
    expect(filterSystemsByType(systems, 'Other').map((s) => s.id)).toEqual([6]);
  });
  it('recognises CalAmp systems whatever the case', () => {
    expect(isCalAmpSystem('CALAMP LMU')).toBe(true);
    expect(isCalAmpSystem('Cradlepoint')).toBe(false);
    expect(isCalAmpSystem(null)).toBe(false);
  });
});
