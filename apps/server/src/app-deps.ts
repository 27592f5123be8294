import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { AppError, notFound } from './lib/app-error.ts';
import type { AuthUser } from './lib/types.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { MirrorService } from './modules/sync/mirror.service.ts';
import type { OutboxService } from './modules/sync/outbox.service.ts';
import type { FleetProvider } from './providers/fleet/fleet-provider.ts';
import type { RemoteDataStats } from './providers/fleet/guarded-provider.ts';
import type { FleetSimulator } from './providers/fleet/simulator/fleet-simulator.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { VinDecoder } from './providers/vin/vin-decoder.ts';

/** Everything a module needs, built once by buildApp and passed down explicitly. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  provider: FleetProvider;
  /** Rows of the fleet system refused or cleaned on the way in (reported by /api/health). */
  remoteData: { stats(): RemoteDataStats };
  simulator: FleetSimulator | null;
  mirror: MirrorService;
  outbox: OutboxService;
  auth: AuthService;
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
