import { ProviderRejectedError, ProviderUnavailableError } from '../fleet-provider.ts';

export interface SimulatorFailures {
  /** Added to every call, in milliseconds. */
  latencyMs: number;
  /** Share of calls (0..1) that fail as if the platform had a server error. */
  errorRate: number;
  /** Every call fails as if the platform could not be reached. */
  outage: boolean;
}

export interface SimulatorCall {
  method: string;
  at: string;
  args: string;
  outcome: 'ok' | 'unavailable' | 'rejected';
}

const CALL_LOG_LIMIT = 2000;

/**
 * Failure injection and the call log of the simulator: every provider call passes through run(),
 * which adds the configured latency, fails as configured and records the outcome.
 */
export class CallGate {
  private readonly failures: SimulatorFailures;
  private readonly calls: SimulatorCall[] = [];

  constructor(
    private readonly now: () => number,
    failures: Partial<SimulatorFailures> = {},
  ) {
    this.failures = { latencyMs: 0, errorRate: 0, outage: false, ...failures };
  }

  async run<T>(method: string, args: string, work: () => T): Promise<T> {
    const at = new Date(this.now()).toISOString();
    const log = (outcome: SimulatorCall['outcome']) => {
      this.calls.push({ method, at, args, outcome });
      if (this.calls.length > CALL_LOG_LIMIT) this.calls.splice(0, this.calls.length - CALL_LOG_LIMIT);
    };
    if (this.failures.latencyMs > 0)
      await new Promise((resolve) => setTimeout(resolve, this.failures.latencyMs));
    if (this.failures.outage) {
      log('unavailable');
      throw new ProviderUnavailableError('The fleet-tracking platform cannot be reached');
    }
    if (this.failures.errorRate > 0 && Math.random() < this.failures.errorRate) {
      log('unavailable');
      throw new ProviderUnavailableError('The fleet-tracking platform answered 503 Service Unavailable');
    }
    try {
      const result = work();
      log('ok');
      return result;
    } catch (err) {
      log(err instanceof ProviderRejectedError ? 'rejected' : 'unavailable');
      throw err;
    }
  }

  setFailures(patch: Partial<SimulatorFailures>): void {
    if (patch.latencyMs !== undefined) this.failures.latencyMs = patch.latencyMs;
    if (patch.errorRate !== undefined) this.failures.errorRate = patch.errorRate;
    if (patch.outage !== undefined) this.failures.outage = patch.outage;
  }

  getFailures(): SimulatorFailures {
    return { ...this.failures };
  }

  callLog(): readonly SimulatorCall[] {
    return this.calls;
  }
}
