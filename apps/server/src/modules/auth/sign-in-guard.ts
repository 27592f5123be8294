import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { progressiveWaitMs, type ProgressiveDelayOptions } from '../../lib/rate-limiter.ts';
import {
  clearSignInFailures,
  pruneSignInFailures,
  readSignInFailures,
  recordSignInFailures,
} from './auth.repository.ts';

const MINUTE = 60_000;

export const tooManyMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`;

const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(429, 'TOO_MANY_ATTEMPTS', tooManyMessage(minutes), { 'Retry-After': String(seconds) });
};

const progressive = (freeFailures: number): ProgressiveDelayOptions => ({
  freeFailures,
  baseDelayMs: 2000,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 30 * MINUTE,
});
const PER_ACCOUNT = progressive(5);
const PER_ADDRESS = progressive(30);
const PER_DEVICE = progressive(5);
const FORGET_AFTER_MS = 30 * MINUTE;
/** One failure in this many also deletes the keys forgotten anyway. */
const PRUNE_EVERY = 100;

/**
 * Password-guessing limits (OWASP authentication cheat sheet, decision 015): progressive delays
 * per account (keyed on the account, whatever login string names it) and per client address; a
 * device that has signed in to the account before (its device cookie) is exempt from both and
 * has limits of its own, so nobody else's guesses lock the owner out. The counts live in the
 * database, so they hold across every server process (decision 021).
 */
export class SignInGuard {
  private failures = 0;

  constructor(private readonly db: Db) {}

  /** The limits (and keys) that apply to one attempt. */
  private limits(attempt: SignInAttempt): [ProgressiveDelayOptions, string][] {
    if (attempt.knownDeviceHash) return [[PER_DEVICE, `device:${attempt.knownDeviceHash}`]];
    return [
      [PER_ACCOUNT, `account:${attempt.accountKey}`],
      [PER_ADDRESS, `address:${attempt.ip}`],
    ];
  }

  /** Throws 429 with Retry-After when this attempt must wait. */
  async check(attempt: SignInAttempt): Promise<void> {
    const limits = this.limits(attempt);
    const counts = await readSignInFailures(
      this.db,
      limits.map(([, key]) => key),
    );
    const wait = Math.max(
      0,
      ...limits.map(([options, key]) => {
        const c = counts.get(key);
        return c ? progressiveWaitMs(options, c.count, c.ageMs) : 0;
      }),
    );
    if (wait > 0) throw tooManyAttempts(wait);
  }

  async failed(attempt: SignInAttempt): Promise<void> {
    await recordSignInFailures(
      this.db,
      this.limits(attempt).map(([, key]) => key),
      FORGET_AFTER_MS,
    );
    this.failures += 1;
    if (this.failures % PRUNE_EVERY === 0) await pruneSignInFailures(this.db, FORGET_AFTER_MS);
  }

  async succeeded(attempt: SignInAttempt): Promise<void> {
    const keys = [`account:${attempt.accountKey}`];
    if (attempt.knownDeviceHash) keys.push(`device:${attempt.knownDeviceHash}`);
    await clearSignInFailures(this.db, keys);
  }
}

export interface SignInAttempt {
  /** `user:<id>` for an account known here (by username or e-mail), else the normalized login. */
  accountKey: string;
  ip: string;
  /** The device cookie's hash when it has signed in to this account before. */
  knownDeviceHash: string | null;
}
