import { UpdateVehicleInputSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { VIN_MESSAGES, checkVin } from '@toolkit/contracts/vin.ts';
import type { VehicleUpdate } from '../api/update-vehicle.ts';

export interface VehicleFormValues {
  vin: string;
  make: string;
  model: string;
  year: string;
  odometer: string;
}
export type VehicleFormErrors = Partial<Record<keyof VehicleFormValues, string>>;

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

const FIELDS = ['vin', 'make', 'model', 'year', 'odometer'] as const;
const isField = (key: PropertyKey | undefined): key is keyof VehicleFormValues =>
  FIELDS.some((f) => f === key);

/** §5 Vehicle edit through the shared schema: year 1900..now+2, odometer 0..9,999,999, blanks null. */
export function validateVehicleForm(values: VehicleFormValues): {
  errors: VehicleFormErrors;
  update: VehicleUpdate | null;
} {
  const errors: VehicleFormErrors = {};
  if (checkVin(values.vin).state === 'error') errors.vin = VIN_MESSAGES.enterValid;
  const parsed = UpdateVehicleInputSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors, update: null };
  const d = parsed.data;
  return {
    errors,
    update: {
      vin: d.vin ?? null,
      make: d.make ?? null,
      model: d.model ?? null,
      year: d.year ?? null,
      odometer: d.odometer ?? null,
    },
  };
}
