import { z } from 'zod';
import type { PlatformRestriction, UserRole } from '@toolkit/contracts/auth.ts';
import {
  ProviderActorRefusedError,
  ProviderRightsError,
  ProviderSignInRefusedError,
  ProviderUnavailableError,
  type PlatformRight,
  type ProviderAccess,
  type ProviderAccount,
  type ProviderActor,
  type ProviderCredential,
  type ProviderSignInOptions,
} from '../fleet-provider.ts';
import { PLATFORM_RIGHTS_MESSAGES } from '@toolkit/contracts/auth.ts';
import { TraccarHttp, TraccarRefusal } from './traccar-http.ts';
import {
  TcGroupSchema,
  TcServerSchema,
  TcUserSchema,
  parseRows,
  type TcGroup,
  type TcServer,
  type TcUser,
} from './traccar-schemas.ts';

/** The toolkit role of a Traccar user: an administrator is admin, a manager supervisor (issue 34). */
function roleOf(user: TcUser): UserRole {
  if (user.administrator === true) return 'admin';
  if (typeof user.userLimit === 'number' && user.userLimit !== 0) return 'supervisor';
  return 'installer';
}

/** What the user's own account may not do, as PermissionsService checks it (administrators: nothing). */
function restrictionsOf(user: TcUser, server: TcServer): PlatformRestriction[] {
  if (user.administrator === true) return [];
  const out: PlatformRestriction[] = [];
  if (server.readonly === true || user.readonly === true) out.push('readOnly');
  if (server.deviceReadonly === true || user.deviceReadonly === true || user.deviceLimit === 0)
    out.push('devicesReadOnly');
  if (server.limitCommands === true || user.limitCommands === true) out.push('noCommands');
  return out;
}

const cookieOf = (headers: Headers) => /JSESSIONID=[^;]+/.exec(headers.get('set-cookie') ?? '')?.[0];

/**
 * Traccar's users as the toolkit meets them (issue 32): the sign-in (two-factor and refused
 * accounts included), a token made for each user at sign-in for their own writes, their access
 * asked again with that token, and their refusals told apart.
 */
export class TraccarUsers {
  constructor(
    private readonly http: TraccarHttp,
    private readonly isAgency: (group: TcGroup) => boolean,
  ) {}

  /**
   * `POST /api/session` as the user (LoginService.login): 401 with `WWW-Authenticate: TOTP` asks
   * for the code; a disabled or expired user, or a wrong code, is a 400 whose trace says which.
   * Then, in that session, the agencies it sees and a token for the user's own writes
   * (`POST /api/session/token`, expiring with the toolkit session), and the session is ended.
   */
  async signIn(
    username: string,
    password: string,
    options: ProviderSignInOptions = {},
  ): Promise<(ProviderAccount & { credential: ProviderCredential }) | null> {
    const form: Record<string, string> = { email: username, password };
    if (options.code) form.code = options.code;
    const answer = await this.http.call('/session', {
      method: 'POST',
      form,
      accept: [400, 401, 403],
      anonymous: true,
    });
    if (answer.status === 401) {
      if (/\bTOTP\b/i.test(answer.headers.get('www-authenticate') ?? ''))
        throw new ProviderSignInRefusedError(options.code ? 'invalid-code' : 'code-required');
      return null;
    }
    if (answer.status !== 200) return this.refusedSignIn(answer.body);
    const user = TcUserSchema.safeParse(TraccarHttp.parse(answer));
    const cookie = cookieOf(answer.headers);
    if (!user.success || !cookie)
      throw new ProviderUnavailableError('Traccar answered the sign-in in an unknown format');
    try {
      const [groups, server, token] = await Promise.all([
        this.http.json('/groups', z.unknown(), { cookie }),
        this.server(),
        this.makeToken(cookie, options.sessionExpiresAt),
      ]);
      return {
        externalId: String(user.data.id),
        username: user.data.email,
        name: user.data.name?.trim() || user.data.email,
        email: user.data.email,
        clientExternalIds: this.agencies(groups),
        platformRestrictions: restrictionsOf(user.data, server),
        role: roleOf(user.data),
        credential: token,
      };
    } finally {
      await this.http
        .call('/session', { method: 'DELETE', cookie, accept: [401, 404] })
        .catch(() => undefined);
    }
  }

  /** A 400 at sign-in: Disableable.checkDisabled or GoogleAuthenticator said no (its trace's first line). */
  private refusedSignIn(trace: string): null {
    const first = trace.split('\n', 1)[0] ?? '';
    if (/is disabled/i.test(first)) throw new ProviderSignInRefusedError('disabled');
    if (/has expired/i.test(first)) throw new ProviderSignInRefusedError('expired');
    if (/authorization failed/i.test(first)) throw new ProviderSignInRefusedError('invalid-code');
    this.http.log.warn({ trace: trace.slice(0, 2000) }, 'Traccar refused a sign-in (400)');
    return null;
  }

  private async makeToken(cookie: string, until: Date | undefined): Promise<ProviderCredential> {
    const form: Record<string, string> = {};
    if (until) form.expiration = until.toISOString();
    const answer = await this.http.call('/session/token', { method: 'POST', form, cookie });
    const secret = answer.body.trim();
    if (!secret || secret.length > 4000)
      throw new ProviderUnavailableError('Traccar answered /api/session/token without a token');
    return { secret, expiresAt: until?.toISOString() ?? null };
  }

  private async server(): Promise<TcServer> {
    return this.http.json('/server', TcServerSchema, { anonymous: true });
  }

  private agencies(groups: unknown): string[] {
    return parseRows(TcGroupSchema, groups, () => undefined)
      .filter(this.isAgency)
      .map((g) => String(g.id));
  }

  /** The user's own record (BaseObjectResource lets a user read itself). */
  private async user(actor: ProviderActor): Promise<TcUser> {
    return this.http.json(`/users/${actor.externalId}`, TcUserSchema, { bearer: bearerOf(actor) });
  }

  /** What the user sees now, asked with their own token: a 401 means their access ended. */
  async accessOf(actor: ProviderActor): Promise<ProviderAccess> {
    const bearer = bearerOf(actor);
    const [groups, user, server] = await Promise.all([
      this.http.json('/groups', z.unknown(), { bearer }),
      this.user(actor),
      this.server(),
    ]);
    return { clientExternalIds: this.agencies(groups), platformRestrictions: restrictionsOf(user, server) };
  }

  /** Sign-out: the token made for that session is revoked (`POST /api/session/token/revoke`). */
  async endCredential(actor: ProviderActor): Promise<void> {
    if (!actor.credential) return;
    await this.http.call('/session/token/revoke', {
      method: 'POST',
      form: { token: actor.credential },
      bearer: actor.credential,
      accept: [400, 401, 404],
    });
  }

  /**
   * Runs a write as the user; a refusal by their own rights reads as such. Traccar says only
   * "Write access denied" (PermissionsService.checkEdit) or "Operation restricted"
   * (checkRestriction): which right it was is read from the user's record and the server's.
   */
  async asUser<T>(
    actor: ProviderActor | undefined,
    kind: 'device' | 'group' | 'command',
    write: (bearer: string) => Promise<T>,
  ): Promise<T> {
    if (!actor) throw new ProviderActorRefusedError('No user to act as');
    const bearer = bearerOf(actor);
    try {
      return await write(bearer);
    } catch (err) {
      if (!(err instanceof TraccarRefusal)) throw err;
      if (/Operation restricted/i.test(err.firstLine)) throw rights('noCommands');
      if (!/Write access denied/i.test(err.firstLine)) throw err;
      if (kind !== 'device') throw rights('readOnly');
      const now = await Promise.all([this.user(actor), this.server()]).catch(() => null);
      const restricted = now ? restrictionsOf(now[0], now[1]) : [];
      throw rights(restricted.includes('readOnly') ? 'readOnly' : 'devicesReadOnly');
    }
  }
}

function bearerOf(actor: ProviderActor): string {
  if (!actor.credential) throw new ProviderActorRefusedError('No token of the user’s is held');
  return actor.credential;
}

function rights(right: PlatformRight): ProviderRightsError {
  return new ProviderRightsError(right, PLATFORM_RIGHTS_MESSAGES[right]);
}
