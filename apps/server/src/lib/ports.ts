import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { ProviderActor } from '../providers/fleet/fleet-provider.ts';
import type { AuthUser } from './types.ts';

/**
 * What routes, plugins and other modules need of the long-lived services, as narrow interfaces.
 * The implementations live in modules (sync, auth); declaring the shapes here keeps lib/, plugins/
 * and app-deps.ts from importing modules (imports run downwards only, see decision 012).
 */

/** The mirror of the external system (modules/sync/mirror.service.ts). */
export interface FleetMirror {
  /** Notes that an agency is in use, so its statuses are kept fresh. */
  touch(clientId: number): void;
  /** Pulls one agency's fleet now. */
  syncFleet(clientId: number): Promise<void>;
  /** Starts pulling these agencies in the background (sign-in does not wait for it). */
  pullSoon(clientIds: readonly number[]): void;
  /** Resolves once the agency has been pulled at least once (waits for its first pull). */
  ready(clientId: number): Promise<void>;
  /** Upserts the agencies with these external ids and returns their local ids. */
  syncClients(externalIds: readonly string[]): Promise<number[]>;
}

export interface PushOutcome {
  /** True when the external system took the push. */
  pushed: boolean;
  /** True when there was nothing the external system could take (a local-only vehicle). */
  localOnly: boolean;
  error: string | null;
}

/** The outbox of pushes to the external system (modules/sync/outbox.service.ts). */
export interface PushQueue {
  /** Tries the pending push of one subject now (right after a write) and says how it went. */
  pushNow(subject: string): Promise<PushOutcome>;
  /** Processes every due push. */
  drain(): Promise<void>;
}

/**
 * The users as the fleet platform knows them (modules/auth/platform-actors.ts, issue 32): a write
 * or command reaches the platform as the user who made it, with a credential of theirs.
 */
export interface PlatformActors {
  /** Null when the user is unknown; `credential` null when no live one is held (they must sign in). */
  forUser(userId: number): Promise<ProviderActor | null>;
  /** The platform refused this credential of the user's: it is forgotten. */
  refused(userId: number, credential: string): Promise<void>;
}

/** Sessions: sign-in, bearer tokens, sign-out (modules/auth/auth.service.ts). */
export interface SessionAuthority {
  login(
    input: { username: string; password: string; rememberMe: boolean; code?: string | undefined },
    meta: { ip: string; userAgent: string | null; deviceToken: string | null },
  ): Promise<LoginResponse & { deviceToken: string }>;
  authenticate(authorization: string | undefined): Promise<{ user: AuthUser; sessionId: number }>;
  logout(sessionId: number): Promise<void>;
}
