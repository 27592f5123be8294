/** Counts failures per key in a fixed window; used to slow down password guessing. */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const t = this.now();
    if (entry.resetAt <= t) {
      this.entries.delete(key);
      return 0;
    }
    return entry.count >= this.maxFailures ? entry.resetAt - t : 0;
  }

  fail(key: string): void {
    const t = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= t) this.entries.set(key, { count: 1, resetAt: t + this.windowMs });
    else entry.count += 1;
    if (this.entries.size > 50_000) this.prune(t);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(t: number): void {
    for (const [k, e] of this.entries) if (e.resetAt <= t) this.entries.delete(k);
  }
}
