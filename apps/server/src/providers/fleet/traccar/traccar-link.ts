import { ProviderUnavailableError } from '../fleet-provider.ts';
import type { TraccarLog } from './traccar-http.ts';
import { TraccarTokenError, type TraccarFleetProvider } from './traccar-provider.ts';

export interface PlatformState {
  name: string;
  version: string | null;
  reachable: boolean;
  /** Why it is not reachable, or null. */
  problem: string | null;
}

/**
 * The server's link to its Traccar: the start-up check, then (when Traccar was unreachable at
 * start) a retry every `retryMs` until it answers. A wrong token stops the start; an unreachable
 * Traccar does not (the log and /api/health say so).
 */
export class TraccarLink {
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
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
  ) {}

  platform(): PlatformState {
    return { ...this.state };
  }

  /** Resolves when checked or found unreachable; rejects with TraccarTokenError on a wrong token. */
  async start(): Promise<void> {
    try {
      const info = await this.provider.connect();
      this.state = { name: 'Traccar', version: info.version, reachable: true, problem: null };
      this.log.info(
        {
          traccar: this.provider.http.baseUrl,
          version: info.version,
          textEnabled: info.textEnabled,
          user: info.user,
        },
        `Traccar ${info.version} connected`,
      );
    } catch (err) {
      if (err instanceof TraccarTokenError) throw err;
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
