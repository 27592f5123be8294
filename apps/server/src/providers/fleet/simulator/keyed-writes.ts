const MAX_KEYS = 50_000;

/**
 * The simulator's side of push idempotency: a write sent with a key is applied once; a repeat
 * of the key answers the first result without applying it again (a failed write may be retried).
 */
export class KeyedWrites {
  private readonly results = new Map<string, Promise<unknown>>();
  private applied = 0;
  private replayed = 0;

  run<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
    if (!key) return work();
    const previous = this.results.get(key) as Promise<T> | undefined;
    if (previous) {
      this.replayed += 1;
      return previous;
    }
    const result = work();
    this.results.set(key, result);
    result.then(
      () => {
        this.applied += 1;
      },
      () => this.results.delete(key),
    );
    if (this.results.size > MAX_KEYS) {
      const oldest = this.results.keys().next();
      if (!oldest.done) this.results.delete(oldest.value);
    }
    return result;
  }

  /** Keys applied and repeats answered without a second effect. */
  stats(): { applied: number; replayed: number } {
    return { applied: this.applied, replayed: this.replayed };
  }
}
