export interface ProgressiveDelayOptions {
  /** Failures allowed before any delay. */
  freeFailures: number;
  /** Delay after the first failure beyond the free ones; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

/**
 * Counts failures per key and answers how long the key must wait before its next try:
 * nothing for the first few, then a delay that doubles with each failure up to a ceiling
 * (OWASP's progressive delay, instead of a fixed lockout the attacker can trigger at will).
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; lastAt: number }>();

  constructor(
    private readonly options: ProgressiveDelayOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const t = this.now();
    if (t - entry.lastAt >= this.options.forgetAfterMs) {
      this.entries.delete(key);
      return 0;
    }
    if (entry.count < this.options.freeFailures) return 0;
    const delay = Math.min(
      this.options.maxDelayMs,
      this.options.baseDelayMs * 2 ** (entry.count - this.options.freeFailures),
    );
    return Math.max(0, entry.lastAt + delay - t);
  }

  fail(key: string): void {
    const t = this.now();
    const entry = this.entries.get(key);
    if (!entry || t - entry.lastAt >= this.options.forgetAfterMs)
      this.entries.set(key, { count: 1, lastAt: t });
    else {
      entry.count += 1;
      entry.lastAt = t;
    }
    if (this.entries.size > 50_000) this.prune(t);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(t: number): void {
    for (const [k, e] of this.entries) if (t - e.lastAt >= this.options.forgetAfterMs) this.entries.delete(k);
  }
}
