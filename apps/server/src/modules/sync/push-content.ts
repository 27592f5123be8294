import { createHash } from 'node:crypto';
import type { ProviderVehicle, ProviderVehiclePatch } from '../../providers/fleet/fleet-provider.ts';
import type { OutboxKind } from './outbox.repository.ts';

/**
 * The idempotency key of a push at the fleet platform (issue 32): the kind, the subject and what
 * is pushed, with what makes it one change (the subject row's birth, its latest move or edit).
 * Never the outbox row nor the process: a push repeated after a crash, by the drain loop or by the
 * request path, from the first row or from a second one queued while the first was in flight,
 * goes under the key of its first try, and the platform (the simulator, the HTTP system) answers
 * it with the first result. The same state set again by a later change is a new key.
 */
export function pushKey(kind: OutboxKind, subject: string, parts: readonly unknown[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(canonical([kind, subject, ...parts])))
    .digest('hex');
  return `push-${kind}-${digest.slice(0, 32)}`;
}

/** Objects with their keys sorted (a payload read back from jsonb may come in another order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** The fields of a vehicle the platform keeps besides its name and description. */
export function vehiclePatchOf(vehicle: {
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
}) {
  const { vin, make, model, year, odometer } = vehicle;
  return { vin, make, model, year, odometer } satisfies ProviderVehiclePatch;
}

/** Only the fields that hold a value. */
export function withoutBlanks(patch: ReturnType<typeof vehiclePatchOf>): ProviderVehiclePatch {
  const { vin, make, model, year, odometer } = patch;
  return {
    ...(vin === null ? {} : { vin }),
    ...(make === null ? {} : { make }),
    ...(model === null ? {} : { model }),
    ...(year === null ? {} : { year }),
    ...(odometer === null ? {} : { odometer }),
  };
}

/** Whether the platform's vehicle already holds every field of the patch. */
export function vehicleHolds(vehicle: ProviderVehicle, patch: ProviderVehiclePatch): boolean {
  const fields = ['vin', 'make', 'model', 'year', 'odometer'] as const;
  return fields.every((field) => patch[field] === undefined || patch[field] === vehicle[field]);
}

export const deviceSubject = (id: number) => `device:${String(id)}`;
export const vehicleSubject = (id: number) => `vehicle:${String(id)}`;
