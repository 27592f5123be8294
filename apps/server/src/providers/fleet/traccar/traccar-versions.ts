/**
 * What a Traccar release can do for the toolkit, read from Traccar's own code at each tag:
 * - `Authorization: Bearer` arrived in 5.1 (SecurityRequestFilter), taking only an account's fixed
 *   `token` field; tokens made by `POST /api/session/token` (TokenManager) replaced that field in
 *   5.3. The toolkit makes a token for each installer at sign-in, so before 5.3 it cannot work.
 * - `textEnabled` in `GET /api/server` arrived in 5.8 (ServerResource: an SMS gateway is
 *   configured). Before it nobody can tell: SMS is assumed set up.
 * - `ws …/api/socket?token=` arrived in 6.2 (AsyncSocketServlet). Before it the socket takes only
 *   a session cookie.
 */

interface TraccarAbilities {
  /** The version as the server gave it, or 'unknown'. */
  version: string;
  /** What Traccar takes as a bearer token: made tokens (5.3+), an account's fixed token (5.1, 5.2), none. */
  bearer: 'tokens' | 'fixed-token' | 'none';
  /** Whether `GET /api/server` says `textEnabled` (else SMS is assumed set up). */
  textEnabledReported: boolean;
  /** How the live socket is opened: `?token=` (6.2+) or a session cookie. */
  socket: 'token' | 'cookie';
  /** Set when the toolkit cannot work with this server: the start must stop with it. */
  error: string | null;
  /** What works less well, one line each, to print once at start. */
  degraded: string[];
}

const at = (major: number, minor: number) => major * 1000 + minor;

/** `6.14.5`, `5.7`, `6.7.0-rc1` as a comparable number (major.minor), or null when not a version. */
function releaseOf(version: string | null | undefined): number | null {
  const match = /^\s*v?(\d+)\.(\d+)/.exec(version ?? '');
  return match ? at(Number(match[1]), Number(match[2])) : null;
}

/** What a server of this version lets the toolkit do; an unknown version is taken as current. */
export function traccarAbilities(version: string | null | undefined): TraccarAbilities {
  const given = version?.trim() || 'unknown';
  const release = releaseOf(version);
  if (release === null)
    return {
      version: given,
      bearer: 'tokens',
      textEnabledReported: true,
      socket: 'token',
      error: null,
      degraded: [
        `Traccar gave no release number (${given}): the toolkit assumes a current release (6.2 or later)`,
      ],
    };
  const degraded: string[] = [];
  const bearer = release >= at(5, 3) ? 'tokens' : release >= at(5, 1) ? 'fixed-token' : 'none';
  const textEnabledReported = release >= at(5, 8);
  if (!textEnabledReported)
    degraded.push(
      `Traccar ${given} does not say whether an SMS gateway is set up (5.8): SMS is assumed set up; without one, sending answers that SMS is not set up`,
    );
  const socket = release >= at(6, 2) ? 'token' : 'cookie';
  if (socket === 'cookie')
    degraded.push(
      `Traccar ${given} opens its live socket only with a session (6.2 takes the token): live statuses use a session cookie, or polling every few seconds`,
    );
  return {
    version: given,
    bearer,
    textEnabledReported,
    socket,
    error:
      bearer === 'tokens'
        ? null
        : `Traccar ${given} cannot make API tokens (POST /api/session/token came in 5.3; 5.1 and 5.2 take only an account's fixed token, older releases none): upgrade Traccar to 5.3 or later`,
    degraded,
  };
}
