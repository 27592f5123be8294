import { ProviderUnavailableError } from '../fleet-provider.ts';
import type { TraccarLog } from './traccar-http.ts';
import type { LiveSocketState } from './traccar-live.ts';
import { TraccarTokenError, type TraccarFleetProvider } from './traccar-provider.ts';
import { traccarAbilities } from './traccar-versions.ts';

/** What /api/health says while Traccar refuses the mirror's token (issue 32). */
export const TOKEN_REFUSED = 'the fleet platform refused TRACCAR_TOKEN: expired or revoked';

export interface PlatformState {
  name: string;
  version: string | null;
  reachable: boolean;
  /** Why it is not reachable, or null. */
  problem: string | null;
  /** The live socket: open or not, why not, and how statuses arrive meanwhile. */
  socket?: LiveSocketState;
}

/**
 * The server's link to its Traccar: the start-up check, then (when Traccar was unreachable at
 * start) a retry every `retryMs` until it answers. A wrong token stops the start; an unreachable
 * Traccar does not (the log and /api/health say so).
 */
export class TraccarLink {
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private started = false;
  private toldDegraded = false;
  private state: PlatformState = {
    name: 'Traccar',
    version: null,
    reachable: false,
    problem: 'not checked yet',
  };

  constructor(
    readonly provider: TraccarFleetProvider,
    private readonly log: TraccarLog,
    private readonly retryMs = 5000,
  ) {
    // Refused while running (the token expired or was revoked): health says so, what waits is
    // kept (pushes go as their users; reads wait), and the token is checked again until it works.
    provider.http.onMirrorTokenRefused = () => {
      if (this.state.problem === TOKEN_REFUSED || this.stopped) return;
      this.state = { ...this.state, reachable: false, problem: TOKEN_REFUSED };
      this.log.error(
        { traccar: provider.http.baseUrl },
        `${TOKEN_REFUSED}: put a new token in TRACCAR_TOKEN_FILE (taken at once) or TRACCAR_TOKEN (restart)`,
      );
      this.scheduleRetry();
    };
  }

  platform(): PlatformState {
    return { ...this.state, socket: this.provider.live.socketState() };
  }

  /**
   * Resolves when checked or found unreachable; rejects with TraccarTokenError on a refused token
   * or a release the toolkit cannot work with (at the first start only: later it keeps trying).
   */
  async start(): Promise<void> {
    try {
      const info = await this.provider.connect();
      const abilities = traccarAbilities(info.version);
      const wasRefused = this.state.problem === TOKEN_REFUSED;
      this.state = { name: 'Traccar', version: info.version, reachable: true, problem: null };
      this.started = true;
      if (wasRefused) {
        this.log.info({ traccar: this.provider.http.baseUrl }, 'TRACCAR_TOKEN works again');
        this.provider.world.invalidate();
        return;
      }
      this.log.info(
        {
          traccar: this.provider.http.baseUrl,
          version: info.version,
          textEnabled: info.textEnabled,
          user: info.user,
        },
        `Traccar ${info.version} connected`,
      );
      // Said once, clearly: what this release or this token does less well.
      if (!this.toldDegraded) {
        this.toldDegraded = true;
        const notes = [...abilities.degraded];
        if (info.serviceAccount)
          notes.push(
            'TRACCAR_TOKEN is the service account’s: it never expires; it is linked to no device, so live statuses come by polling every few seconds',
          );
        for (const note of notes) this.log.warn({ traccar: this.provider.http.baseUrl }, note);
      }
    } catch (err) {
      if (err instanceof TraccarTokenError && !this.started) throw err;
      if (err instanceof TraccarTokenError) {
        this.state = { ...this.state, reachable: false, problem: TOKEN_REFUSED };
        this.scheduleRetry();
        return;
      }
      if (!(err instanceof ProviderUnavailableError)) throw err;
      this.state = { ...this.state, reachable: false, problem: err.message };
      this.log.warn(
        { traccar: this.provider.http.baseUrl, problem: err.message },
        'Traccar cannot be reached: the server starts anyway and keeps trying',
      );
      this.scheduleRetry();
    }
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((err: unknown) => {
        // The token was refused after all: keep saying so, keep trying (an admin may fix it).
        const problem = err instanceof Error ? err.message : String(err);
        this.state = { ...this.state, reachable: false, problem };
        this.log.error({ problem }, 'Traccar refused TRACCAR_TOKEN');
        this.scheduleRetry();
      });
    }, this.retryMs);
    this.retry.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
  }
}
