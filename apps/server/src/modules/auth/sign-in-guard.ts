import { AppError } from '../../lib/app-error.ts';
import { FailureLimiter } from '../../lib/rate-limiter.ts';

const MINUTE = 60_000;

export const tooManyMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`;

export const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(429, 'TOO_MANY_ATTEMPTS', tooManyMessage(minutes), { 'Retry-After': String(seconds) });
};

/**
 * Password-guessing limits (OWASP authentication cheat sheet, decision 015): progressive delays
 * per account (keyed on the account, whatever login string names it) and per client address; a
 * device that has signed in to the account before (its device cookie) is exempt from both and
 * has limits of its own, so nobody else's guesses lock the owner out.
 */
export class SignInGuard {
  private readonly perAccount = new FailureLimiter({
    freeFailures: 5,
    baseDelayMs: 2000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 30 * MINUTE,
  });
  private readonly perAddress = new FailureLimiter({
    freeFailures: 30,
    baseDelayMs: 2000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 30 * MINUTE,
  });
  private readonly perDevice = new FailureLimiter({
    freeFailures: 5,
    baseDelayMs: 2000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 30 * MINUTE,
  });

  /** The limiters (and keys) that apply to one attempt. */
  private limits(attempt: SignInAttempt): [FailureLimiter, string][] {
    if (attempt.knownDeviceHash) return [[this.perDevice, attempt.knownDeviceHash]];
    return [
      [this.perAccount, attempt.accountKey],
      [this.perAddress, attempt.ip],
    ];
  }

  /** Throws 429 with Retry-After when this attempt must wait. */
  check(attempt: SignInAttempt): void {
    const wait = Math.max(0, ...this.limits(attempt).map(([limiter, key]) => limiter.retryAfterMs(key)));
    if (wait > 0) throw tooManyAttempts(wait);
  }

  failed(attempt: SignInAttempt): void {
    for (const [limiter, key] of this.limits(attempt)) limiter.fail(key);
  }

  succeeded(attempt: SignInAttempt): void {
    this.perAccount.reset(attempt.accountKey);
    if (attempt.knownDeviceHash) this.perDevice.reset(attempt.knownDeviceHash);
  }
}

export interface SignInAttempt {
  /** `user:<id>` for an account known here (by username or e-mail), else the normalized login. */
  accountKey: string;
  ip: string;
  /** The device cookie's hash when it has signed in to this account before. */
  knownDeviceHash: string | null;
}
