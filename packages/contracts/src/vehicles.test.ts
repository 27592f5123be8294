import { describe, expect, it } from 'vitest';
import {
  CreateVehicleInputSchema,
  deriveVehicleStatus,
  UpdateVehicleInputSchema,
  VEHICLE_MESSAGES,
} from './vehicles.ts';

describe('vehicle status from devices (§4)', () => {
  const d = (type: string, status: string) => ({ type, status });
  it('is offline with no reporting devices or none online', () => {
    expect(deriveVehicleStatus([])).toBe('offline');
    expect(deriveVehicleStatus([d('Other', 'online')])).toBe('offline');
    expect(deriveVehicleStatus([d('GPS', 'offline'), d('Router', 'warning')])).toBe('offline');
  });
  it('is online when all reporting devices are, ignoring type Other', () => {
    expect(deriveVehicleStatus([d('GPS', 'online'), d('Tablet', 'online'), d('Other', 'offline')])).toBe(
      'online',
    );
  });
  it('is unknown when some are online', () => {
    expect(deriveVehicleStatus([d('GPS', 'online'), d('APC', 'error')])).toBe('unknown');
  });
});

describe('vehicle forms (§5)', () => {
  it('requires a vehicle id and keeps description optional', () => {
    const r = CreateVehicleInputSchema.safeParse({ vehicleId: '  ', clientId: 1 });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(VEHICLE_MESSAGES.idRequired);
    expect(CreateVehicleInputSchema.parse({ vehicleId: ' 1204 ', clientId: 1, description: '' })).toEqual({
      vehicleId: '1204',
      clientId: 1,
      description: null,
      route: null,
      status: 'active',
    });
    expect(VEHICLE_MESSAGES.duplicate('1204')).toBe('Vehicle 1204 already exists');
  });

  it('checks year and odometer bounds and saves blanks as null', () => {
    const max = new Date().getFullYear() + 2;
    const msg = (input: object) => {
      const r = UpdateVehicleInputSchema.safeParse(input);
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(msg({ year: 1900 })).toBeNull();
    expect(msg({ year: max })).toBeNull();
    expect(msg({ year: max + 1 })).toBe(VEHICLE_MESSAGES.year);
    expect(msg({ year: 1899 })).toBe(VEHICLE_MESSAGES.year);
    expect(msg({ year: 2001.5 })).toBe(VEHICLE_MESSAGES.year);
    expect(msg({ odometer: -1 })).toBe(VEHICLE_MESSAGES.odometer);
    expect(msg({ odometer: 9_999_999 })).toBeNull();
    expect(msg({ odometer: 10_000_000 })).toBe(VEHICLE_MESSAGES.odometer);
    expect(
      UpdateVehicleInputSchema.parse({ vin: '', make: ' ', model: 'XD40', year: '', odometer: '' }),
    ).toEqual({
      vin: null,
      make: null,
      model: 'XD40',
      year: null,
      odometer: null,
    });
  });
});
