import type { CreateDeviceInput } from '@toolkit/contracts/devices.ts';
import { describe, expect, it } from 'vitest';
import { createDeviceFields, visibleValues } from './device-form.ts';

describe('createDeviceFields', () => {
  it('requires a serial number for Router, APC and Other only', () => {
    expect(createDeviceFields('Router', null).serialRequired).toBe(true);
    expect(createDeviceFields('APC', null).serialRequired).toBe(true);
    expect(createDeviceFields('Other', null).serialRequired).toBe(true);
    expect(createDeviceFields('GPS', null).serialRequired).toBe(false);
    expect(createDeviceFields('Tablet', null).serialRequired).toBe(false);
  });

  it('shows ESN and phone only when the system name contains calamp', () => {
    expect(createDeviceFields('GPS', 'CalAmp LMU-3640').esnAndPhone).toBe(true);
    expect(createDeviceFields('GPS', 'my CALAMP unit').esnAndPhone).toBe(true);
    expect(createDeviceFields('GPS', 'Generic AVL').esnAndPhone).toBe(false);
    expect(createDeviceFields('GPS', '').esnAndPhone).toBe(false);
  });

  it('shows heights and stairs for APC only', () => {
    expect(createDeviceFields('APC', 'APS1').apc).toBe(true);
    expect(createDeviceFields('Router', 'APS1').apc).toBe(false);
  });
});

describe('visibleValues', () => {
  it('drops hidden values', () => {
    const values: CreateDeviceInput = {
      name: 'x',
      type: 'Tablet',
      deviceSystem: 'Zebra MDT',
      serialNumber: 'S1',
      serialNumberESN: '123',
      phoneNumber: '55',
      simCardId: '89',
      imei: '35',
      heightToFloor: '10',
      heightToStreet: '20',
      hasStairs: true,
      clientId: 3,
    };
    expect(visibleValues(values)).toEqual({
      ...values,
      serialNumberESN: null,
      phoneNumber: null,
      simCardId: null,
      heightToFloor: null,
      heightToStreet: null,
      hasStairs: false,
    });
  });
});
