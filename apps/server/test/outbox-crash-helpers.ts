import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { vi } from 'vitest';
import type { AppDeps } from '../src/app-deps.ts';
import { OutboxService } from '../src/modules/sync/outbox.service.ts';
import type { FleetProvider } from '../src/providers/fleet/fleet-provider.ts';
import type { FleetSimulator } from '../src/providers/fleet/simulator/fleet-simulator.ts';

const WRITES = new Set(['updateVehicle', 'assignDevice', 'unassignDevice', 'createDevice', 'createVehicle']);

/** A server process killed (kill -9) between the platform's answer to a push and its record. */
export interface CrashedProcess {
  /** Its `server_instances.id`: the holder its claims record. */
  id: string;
  /** Its outbox: a push it sends reaches the platform, then the process goes no further. */
  outbox: OutboxService;
  /** The writes the platform took from it. */
  landed: string[];
}

/**
 * Its row in `server_instances` stays with a fresh heartbeat (it was killed a moment ago), but it
 * shows no sign of life: no presence connection (PostgreSQL), not started here (PGlite).
 */
export async function crashedProcess(
  ctx: { deps: Pick<AppDeps, 'db' | 'provider' | 'actors'>; app: { log: FastifyBaseLogger } },
  id: string,
): Promise<CrashedProcess> {
  await ctx.deps.db.execute(sql`insert into server_instances (id) values (${id}) on conflict do nothing`);
  const landed: string[] = [];
  const never = new Promise<never>(() => undefined);
  const inner = ctx.deps.provider;
  const dying = new Proxy(inner, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!WRITES.has(String(prop))) return method.bind(target);
      return async (...args: unknown[]) => {
        await method.apply(target, args);
        landed.push(String(prop));
        return never;
      };
    },
  });
  const self = {
    id,
    alive: (ids: readonly string[]) => Promise.resolve(new Set(ids.filter((x) => x === id))),
  };
  return { id, outbox: new OutboxService(ctx.deps.db, dying, ctx.app.log, ctx.deps.actors, self), landed };
}

/** Spies on the simulator's writes (every call, whoever sends it, with its idempotency key). */
export function fleetWrites(simulator: FleetSimulator) {
  return {
    assignDevice: vi.spyOn(simulator, 'assignDevice'),
    unassignDevice: vi.spyOn(simulator, 'unassignDevice'),
    createDevice: vi.spyOn(simulator, 'createDevice'),
    updateVehicle: vi.spyOn(simulator, 'updateVehicle'),
  } satisfies Partial<Record<keyof FleetProvider, unknown>>;
}

/** Waits (at most 5 s) until `done` holds. */
export async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
