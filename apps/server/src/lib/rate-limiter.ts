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
 * How long a key with `count` failures, the last one `ageMs` ago, must wait before its next
 * try: nothing for the first few, then a delay that doubles with each failure up to a ceiling
 * (OWASP's progressive delay, instead of a fixed lockout the attacker can trigger at will).
 */
export function progressiveWaitMs(options: ProgressiveDelayOptions, count: number, ageMs: number): number {
  if (ageMs >= options.forgetAfterMs || count < options.freeFailures) return 0;
  const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (count - options.freeFailures));
  return Math.max(0, delay - ageMs);
}
