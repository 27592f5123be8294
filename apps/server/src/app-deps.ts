import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { AppError, notFound } from './lib/app-error.ts';
import type { BusReads } from './lib/bus-reads.ts';
import type { ChangeFeed } from './lib/change-feed.ts';
import type { FleetMirror, PlatformActors, PushQueue, SessionAuthority } from './lib/ports.ts';
import type { AuthUser } from './lib/types.ts';
import type { FleetProvider } from './providers/fleet/fleet-provider.ts';
import type { RemoteDataStats } from './providers/fleet/guarded-provider.ts';
import type { FleetSimulator } from './providers/fleet/simulator/fleet-simulator.ts';
import type { PlatformState } from './providers/fleet/traccar/traccar-link.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { VinDecoder } from './providers/vin/vin-decoder.ts';

/**
 * What buildApp wires together, handed to each module's routes function; the routes function
 * gives each service only the parts it uses (decision 012). Types come from lib/ and providers/,
 * never from modules.
 */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  provider: FleetProvider;
  /** Rows of the fleet system refused or cleaned on the way in (reported by /api/health). */
  remoteData: { stats(): RemoteDataStats };
  simulator: FleetSimulator | null;
  /** A real platform's link (Traccar): its version and whether it answers, for health and the banner. */
  platform: { platform(): PlatformState } | null;
  mirror: FleetMirror;
  outbox: PushQueue;
  /** What other processes changed: agency revisions, revoked sessions (decision 028). */
  changes: ChangeFeed;
  /** A bus's own reads, cached by its agency's revision and its own (decision 051). */
  busReads: BusReads;
  auth: SessionAuthority;
  /** The users as the platform knows them: a write or command goes as its user (issue 32). */
  actors: PlatformActors;
  /** This server process on the database: the holder recorded with its idempotency keys (decision 038). */
  instance: { readonly id: string };
  vin: VinDecoder;
  mailer: Mailer;
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
  return request.user;
}

/** Tenancy: another agency's data answers 404, never its data. */
export function assertClientAccess(user: AuthUser, clientId: number): void {
  if (!user.clientIds.includes(clientId)) throw notFound('Client');
}

/** A supervisor or an administrator (issue 34); an installer is refused with 403 `FORBIDDEN`. */
export function isSupervisor(user: AuthUser): boolean {
  return user.role === 'supervisor' || user.role === 'admin';
}

export function requireSupervisor(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!isSupervisor(user))
    throw new AppError(403, 'FORBIDDEN', 'Only a supervisor or an administrator can do this.');
  return user;
}
