import { randomBytes } from 'node:crypto';
import { codeRequired, loginPassword, loginToken } from './standin-auth.ts';
import { publicUser } from './standin-objects.ts';
import type { StandinState } from './standin-state.ts';
import {
  AT,
  JavaError,
  cookieSession,
  paramError,
  type WireAnswer,
  type WireRequest,
} from './standin-wire.ts';

/** `/api/session` as SessionResource (api/resource/SessionResource.java) answers it. */
const notFound: WireAnswer = { status: 404 };
const unauthorized: WireAnswer = { status: 401 };

/** DateUtil.parseDate: DateTimeFormatter.ISO_ZONED_DATE_TIME (an offset is required). */
const ISO_ZONED =
  /^([+-]?\d{4,9})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{0,9}))?)?(Z|[+-]\d\d:\d\d(?::\d\d)?)(?:\[[^\]]+\])?$/i;

function parseDate(value: string): number {
  const m = ISO_ZONED.exec(value);
  const [, y, mo, d, h, mi, s = '0', frac = '', offset = 'Z'] = m ?? [];
  const parts = [mo, d, h, mi, s].map(Number);
  const [month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  if (!m || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    // The index Java names: where the text stops fitting yyyy-MM-ddTHH:mm and an offset.
    const template = 'dddd-dd-ddTdd:dd';
    let at = -1;
    for (let i = 0; i < template.length && at < 0; i++) {
      const want = template.charAt(i);
      const have = value.charAt(i);
      if (want === 'd' ? !/\d/.test(have) : have.toUpperCase() !== want) at = i;
    }
    if (at < 0) at = /^.{16}(:\d\d(\.\d*)?)?/.exec(value)?.[0].length ?? template.length;
    throw paramError(
      'Form',
      `java.time.format.DateTimeParseException: Text '${value}' could not be parsed at index ${String(at)}`,
    );
  }
  const [oh = 0, om = 0, os = 0] = offset.toUpperCase() === 'Z' ? [] : offset.slice(1).split(':').map(Number);
  const sign = offset.startsWith('-') ? -1 : 1;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(y), month - 1, day, hour, minute, second, ms);
  return utc - sign * ((oh * 60 + om) * 60 + os) * 1000;
}

/** SessionHelper.userLogin: the current session is invalidated and a new one holds the user. */
function openSession(state: StandinState, req: WireRequest, userId: number, expiresAt: number | null) {
  const old = cookieSession(req.headers);
  if (old) {
    state.sessions.delete(old);
    state.sessionExpirations.delete(old);
  }
  const sid = randomBytes(12).toString('hex');
  state.sessions.set(sid, userId);
  if (expiresAt !== null) state.sessionExpirations.set(sid, expiresAt);
  return {
    status: 200,
    json: publicUser(state, userId),
    headers: { 'set-cookie': `JSESSIONID=${sid}; Path=/; HttpOnly` },
  };
}

function signIn(state: StandinState, req: WireRequest): WireAnswer {
  const form = new URLSearchParams(req.body);
  const codeText = form.get('code');
  // @FormParam("code") Integer: a value that is not an integer is Jersey's 400.
  if (codeText !== null && !/^[+-]?\d{1,10}$/.test(codeText))
    throw paramError('Form', `java.lang.NumberFormatException: For input string: "${codeText}"`);
  try {
    const userId = loginPassword(
      state,
      form.get('email'),
      form.get('password'),
      codeText === null ? null : Number(codeText),
      AT.sessionAdd,
    );
    return userId === null ? unauthorized : openSession(state, req, userId, null);
  } catch (err) {
    // CodeRequiredException: 401 with `WWW-Authenticate: TOTP` (SessionResource.add).
    if (err instanceof JavaError && err.exception === codeRequired().exception)
      return { status: 401, headers: { 'www-authenticate': 'TOTP' } };
    throw err;
  }
}

/**
 * GET reads `?token=` first (LoginService.login(token): an expired, revoked or undecodable token
 * throws, so 400 with a stack trace, never 401), then the session cookie (its user, not checked
 * for disabled); a Bearer header alone is not read (404).
 */
function current(state: StandinState, req: WireRequest): WireAnswer {
  const token = req.query.get('token');
  if (token !== null) {
    const login = loginToken(state, token, AT.sessionGet);
    if (login) return openSession(state, req, login.userId, login.expiresAt);
  }
  const sid = cookieSession(req.headers);
  const userId = sid === null ? undefined : state.sessions.get(sid);
  return userId === undefined || !state.user(userId)
    ? notFound
    : { status: 200, json: publicUser(state, userId) };
}

/**
 * POST /api/session/token (since 5.3): `expiration` (DateUtil.parseDate; absent: 7 days), clamped
 * to the expiration of a session opened with a token, and then a null `expiration` is a
 * NullPointerException (SessionResource.requestToken). The token comes as the bare text.
 */
function requestToken(state: StandinState, req: WireRequest, caller: number): WireAnswer {
  const text = new URLSearchParams(req.body).get('expiration');
  let expiration = text === null ? null : parseDate(text);
  const sid = cookieSession(req.headers);
  const current = sid === null ? undefined : state.sessionExpirations.get(sid);
  if (current !== undefined) {
    if (expiration === null)
      throw new JavaError('java.lang.NullPointerException', 'Cannot invoke "java.util.Date.getTime()"', [
        'java.base/java.util.Date.getMillisOf(Date.java:956)',
        'java.base/java.util.Date.before(Date.java:915)',
        'org.traccar.api.resource.SessionResource.requestToken(SessionResource.java:150)',
      ]);
    if (current < expiration) expiration = current;
  }
  const token = state.issueToken(caller, expiration ?? undefined);
  // A String from a resource that @Produces JSON: the bare token, typed application/json.
  return { status: 200, text: token, headers: { 'content-type': 'application/json' } };
}

/** POST /api/session/token/revoke (since 6.11): every signed-in user may revoke every token. */
function revokeToken(state: StandinState, req: WireRequest): WireAnswer {
  const token = new URLSearchParams(req.body).get('token');
  state.tokens.decode(token, AT.revoke); // throws for any text that is not a token
  if (token !== null) state.revokeToken(token);
  return { status: 204 };
}

/** `/api/session[/token[/revoke]]`; `caller` is who the security filter found (null: nobody). */
export function sessionResource(
  state: StandinState,
  req: WireRequest,
  rest: string[],
  caller: number | null,
): WireAnswer {
  const path = rest.join('/');
  if (path === '') {
    if (req.method === 'POST') return signIn(state, req);
    if (req.method === 'GET') return current(state, req);
    if (req.method !== 'DELETE') return notFound;
    if (caller === null) return unauthorized;
    const sid = cookieSession(req.headers);
    if (sid) {
      state.sessions.delete(sid);
      state.sessionExpirations.delete(sid);
    }
    return { status: 204 };
  }
  if (req.method !== 'POST') return notFound;
  if (path === 'token' && state.atLeast('5.3'))
    return caller === null ? unauthorized : requestToken(state, req, caller);
  if (path === 'token/revoke' && state.atLeast('6.11'))
    return caller === null ? unauthorized : revokeToken(state, req);
  return notFound;
}
