import { SERVICE_ACCOUNT_ID, type StandinState, type TcUser } from './standin-state.ts';
import { totpAuthorize } from './standin-totp.ts';
import {
  AT,
  JavaError,
  cookieSession,
  isSecurityError,
  securityError,
  type WireRequest,
} from './standin-wire.ts';

/** Who a token signs in as, and until when (LoginResult). */
export interface TokenLogin {
  userId: number;
  /** The token's expiration; null for the service account and pre-5.3 user tokens. */
  expiresAt: number | null;
}

/** Disableable.checkDisabled (model/Disableable.java), called by LoginService.checkUserEnabled. */
export function checkDisabled(user: TcUser, ...callers: string[]): void {
  if (user.disabled) throw securityError('User is disabled', AT.disabled, AT.userEnabled, ...callers);
  if (user.expirationTime !== null && Date.now() > Date.parse(user.expirationTime))
    throw securityError('User has expired', AT.expired, AT.userEnabled, ...callers);
}

/**
 * LoginService.login(token) (api/security/LoginService.java): the service account's token first,
 * then TokenManager.verifyToken (throws when expired, revoked or not a token), then the user's
 * checkDisabled. Before 5.3 a token was a field of the user (no expiry): unknown gives null.
 */
export function loginToken(state: StandinState, token: string, ...callers: string[]): TokenLogin | null {
  if (state.serviceAccountToken !== null && token === state.serviceAccountToken)
    return { userId: SERVICE_ACCOUNT_ID, expiresAt: null };
  if (!state.atLeast('5.3')) {
    const userId = state.tokens.get(token);
    const user = userId === undefined ? undefined : state.users.get(userId);
    if (!user) return null;
    checkDisabled(user, AT.tokenUser, ...callers);
    return { userId: user.id, expiresAt: null };
  }
  const info = state.tokens.verify(token);
  const user = state.users.get(info.userId);
  if (!user) return null;
  checkDisabled(user, AT.tokenUser, ...callers);
  return { userId: user.id, expiresAt: info.expiresAt };
}

/** CodeRequiredException: a TOTP user signed in without `code` (SessionResource answers 401 TOTP). */
export const codeRequired = () =>
  new JavaError('org.traccar.api.security.CodeRequiredException', 'Code not provided', [
    'org.traccar.api.security.LoginService.checkUserCode(LoginService.java:175)',
    AT.passwordLogin,
  ]);

/**
 * LoginService.login(email, password, code): the user by its lower-cased e-mail or login; a wrong
 * password is null (401); then checkUserCode (the TOTP key, since 5.10) before checkUserEnabled.
 */
export function loginPassword(
  state: StandinState,
  email: string | null,
  password: string | null,
  code: number | null,
  ...callers: string[]
): number | null {
  if (email === null)
    throw new JavaError(
      'java.lang.NullPointerException',
      'Cannot invoke "String.trim()" because "email" is null',
      ['org.traccar.api.security.LoginService.login(LoginService.java:101)', ...callers],
    );
  const name = email.trim().toLowerCase();
  const user = [...state.users.values()].find(
    (u) => u.email.toLowerCase() === name || u.login?.toLowerCase() === name,
  );
  if (!user || user.password !== password) return null;
  if (state.atLeast('5.10') && user.totpKey) {
    if (code === null) throw codeRequired();
    if (!totpAuthorize(user.totpKey, code))
      throw securityError('User authorization failed', AT.userCode, AT.passwordLogin, ...callers);
  }
  checkDisabled(user, AT.passwordLogin, ...callers);
  return user.id;
}

function fromHeader(state: StandinState, header: string): number | null {
  const [scheme = '', credentials] = header.split(' ');
  if (credentials === undefined)
    throw new JavaError('java.lang.ArrayIndexOutOfBoundsException', 'Index 1 out of bounds for length 1', [
      'org.traccar.api.security.SecurityRequestFilter.filter(SecurityRequestFilter.java:75)',
    ]);
  switch (scheme.toLowerCase()) {
    case 'bearer':
      // Bearer arrived in 5.1 (the user's own token field); signed, expiring tokens in 5.3.
      if (!state.atLeast('5.1')) return null;
      try {
        return loginToken(state, credentials)?.userId ?? null;
      } catch (err) {
        // A token that does not decode is a 401 here too (the stand-in's tokens are opaque text;
        // a real server lets the decoder's runtime exception through, a 400).
        if (err instanceof JavaError) return null;
        throw err;
      }
    case 'basic': {
      const [email = '', password] = Buffer.from(credentials, 'base64').toString('ascii').split(/:(.*)/s);
      if (password === undefined)
        throw new JavaError(
          'java.lang.ArrayIndexOutOfBoundsException',
          'Index 1 out of bounds for length 1',
          ['org.traccar.api.security.LoginService.login(LoginService.java:76)'],
        );
      return loginPassword(state, email, password, null);
    }
    default:
      throw securityError('Unsupported authorization scheme');
  }
}

/**
 * SecurityRequestFilter.filter (api/security/SecurityRequestFilter.java): with an Authorization
 * header only that header counts (the cookie is not looked at); else the session, ended when it
 * came from a token that has expired; the user must not be disabled or expired. A
 * SecurityException is logged and answered 401 (null here); other errors escape (400 trace).
 */
export function authenticate(state: StandinState, req: WireRequest): number | null {
  try {
    const header = req.headers.authorization;
    if (header !== undefined) return fromHeader(state, header);
    const sid = cookieSession(req.headers);
    const userId = sid === null ? undefined : state.sessions.get(sid);
    if (sid === null || userId === undefined) return null;
    const expiresAt = state.sessionExpirations.get(sid);
    if (expiresAt !== undefined && expiresAt < Date.now()) {
      state.sessions.delete(sid);
      state.sessionExpirations.delete(sid);
      return null;
    }
    const user = state.user(userId);
    if (!user) return null;
    checkDisabled(user);
    return userId;
  } catch (err) {
    if (isSecurityError(err)) return null;
    throw err;
  }
}
