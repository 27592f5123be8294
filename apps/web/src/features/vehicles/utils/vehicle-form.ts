import { UpdateVehicleInputSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { VIN_MESSAGES, VinSchema, checkVin } from '@toolkit/contracts/vin.ts';
import { z } from 'zod';
import type { VehicleUpdate } from '../api/update-vehicle.ts';

interface VehicleFormValues {
  vin: string;
  make: string;
  model: string;
  year: string;
  odometer: string;
}

export function vehicleFormValues(
  vehicle: Pick<Vehicle, 'vin' | 'make' | 'model' | 'year' | 'odometer'>,
): VehicleFormValues {
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    vin: text(vehicle.vin),
    make: text(vehicle.make),
    model: text(vehicle.model),
    year: text(vehicle.year),
    odometer: text(vehicle.odometer),
  };
}

/**
 * §5 Vehicle edit: the contract's schema (year 1900..now+2, odometer 0..9,999,999, blanks null),
 * with the VIN's real-time check (a wrong check digit is 'Please enter a valid VIN').
 */
export const VehicleFormSchema = UpdateVehicleInputSchema.extend({
  vin: z
    .string()
    .refine((vin) => checkVin(vin).state !== 'error', VIN_MESSAGES.enterValid)
    .transform((vin) => (vin.trim() === '' ? null : vin))
    .pipe(VinSchema.nullable()),
});
/** What the form holds: the schema's input (text fields; the schema turns blanks into null). */
export type VehicleFormInput = z.input<typeof VehicleFormSchema>;
export type VehicleFormOutput = z.output<typeof VehicleFormSchema>;

/** True when a form value is empty (or not text). */
export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/** The PATCH body of §7: every field present, blanks as null. */
export function vehicleUpdate(d: VehicleFormOutput): VehicleUpdate {
  return {
    vin: d.vin ?? null,
    make: d.make ?? null,
    model: d.model ?? null,
    year: d.year ?? null,
    odometer: d.odometer ?? null,
  };
}
