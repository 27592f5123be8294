import { ProviderUnavailableError } from '../fleet-provider.ts';
import { TraccarHttp } from './traccar-http.ts';
import { TcServerSchema, TcUserSchema } from './traccar-schemas.ts';
import { traccarAbilities } from './traccar-versions.ts';

/** The mirror's token is refused or is not an administrator's: the server must not start. */
export class TraccarTokenError extends Error {
  override readonly name = 'TraccarTokenError';
}

/** What the start-up check found. */
export interface TraccarConnection {
  version: string;
  /** The SMS gateway is set up (`textEnabled`; absent before Traccar 5.8: taken as set up). */
  textEnabled: boolean;
  /** Who the mirror's token is: an administrator's e-mail, or 'the service account'. */
  user: string;
  serviceAccount: boolean;
}

/** ServiceAccountUser.ID: beyond a safe integer, compared by its digits. */
const SERVICE_ACCOUNT_ID = '9000000000000000000';

/**
 * The start-up check (decision 033, issue 32): `GET /api/server` (version, `textEnabled`), then
 * the mirror's token with `GET /api/session?token=`. Released Traccar answers a bad or expired
 * token there with 400 and a stack trace (LoginService.login(token) → TokenManager.verifyToken;
 * 401 only in later code): both read as "invalid or expired", never as the trace. The service
 * account's token (`web.serviceAccountToken`) signs in as ServiceAccountUser (id
 * 9000000000000000000, an administrator, never expires). The check opens a session: it is closed.
 */
export async function checkTraccar(http: TraccarHttp): Promise<TraccarConnection> {
  const info = await http.json('/server', TcServerSchema, { anonymous: true });
  // A release the toolkit cannot work with says so, not as a bad token (traccar-versions.ts).
  const abilities = traccarAbilities(info.version);
  if (abilities.error) throw new TraccarTokenError(abilities.error);
  const answer = await http.call('/session', {
    query: { token: http.adminToken() },
    accept: [400, 401, 403, 404],
    anonymous: true,
  });
  if (answer.status !== 200) {
    const first = answer.body.split('\n', 1)[0]?.slice(0, 200) ?? '';
    http.log.warn({ status: answer.status, trace: answer.body.slice(0, 4000) }, 'TRACCAR_TOKEN refused');
    throw new TraccarTokenError(
      `TRACCAR_TOKEN is invalid or expired: Traccar at ${http.baseUrl} refused it (${String(answer.status)}${first ? `: ${first}` : ''}). Use the service account's token (web.serviceAccountToken, never expires) or an administrator's token with a far expiry, in TRACCAR_TOKEN or TRACCAR_TOKEN_FILE (README, "Connecting a Traccar server").`,
    );
  }
  const cookie = /JSESSIONID=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0];
  if (cookie)
    await http.call('/session', { method: 'DELETE', cookie, accept: [401, 404] }).catch(() => undefined);
  const user = TcUserSchema.safeParse(TraccarHttp.parse(answer));
  if (!user.success) throw new ProviderUnavailableError('Traccar answered /api/session in an unknown format');
  if (user.data.administrator !== true)
    throw new TraccarTokenError(
      `TRACCAR_TOKEN belongs to ${user.data.email}, who is not a Traccar administrator: the toolkit's shared mirror needs an administrator's or the service account's token`,
    );
  const serviceAccount = String(user.data.id) === SERVICE_ACCOUNT_ID;
  return {
    version: info.version ?? 'unknown',
    textEnabled: info.textEnabled !== false,
    user: serviceAccount ? 'the service account' : user.data.email,
    serviceAccount,
  };
}
