import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client.ts';

/** The request's transaction while it is open; work it started that outlives it uses the database. */
interface Holder {
  tx: Db | null;
  /** Run once the request's transaction has committed (`afterCommit`). */
  committed: (() => void)[];
  /** The answer built again once the platform work has run after the commit (`answerAfterPlatform`). */
  platform: (() => Promise<unknown>) | null;
}
const current = new AsyncLocalStorage<Holder>();

/**
 * The database as the code sees it: inside `inRequestTransaction` every query, wherever it is
 * made (services and repositories hold this object from start-up), runs in that request's
 * transaction, and a `transaction()` opened there becomes a savepoint of it; elsewhere it is the
 * database itself. This is how an idempotent write and the record of its answer commit together
 * without every service taking a transaction argument (decision 015).
 */
export function requestScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const source = current.getStore()?.tx ?? target;
      const value: unknown = Reflect.get(source, property, source);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => Reflect.apply(value, source, args);
    },
  });
}

/** Whether the calling code runs inside a request's transaction (what `requestScopedDb` joins). */
export function inRequestTransactionNow(): boolean {
  return Boolean(current.getStore()?.tx);
}

/** What `inRequestTransaction` committed, and the platform work left for after the commit. */
interface Committed<T> {
  value: T;
  /** Runs the fleet-platform work the request left for after its commit and builds its answer. */
  afterPlatform: (() => Promise<unknown>) | null;
}

/** Runs `work` in one transaction that every query made by `work`, however deep, joins. */
export async function inRequestTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<Committed<T>> {
  if (current.getStore()?.tx) throw new Error('request transactions do not nest');
  const holder: Holder = { tx: null, committed: [], platform: null };
  try {
    const value = await db.transaction((tx) => {
      holder.tx = tx;
      return current.run(holder, () => work(tx));
    });
    for (const done of holder.committed) done();
    return { value, afterPlatform: holder.platform };
  } finally {
    // A push or refresh the request set off in the background must not reach a finished transaction.
    holder.tx = null;
  }
}

/**
 * Runs `work` outside any request transaction: background work a request sets off (a fleet pull)
 * uses the database itself, never the request's transaction, whatever the request does next.
 */
export function outsideRequestTransaction<T>(work: () => T): T {
  return current.exit(work);
}

/**
 * Runs `done` once what was just written is committed: at once outside a request transaction
 * (the caller's own transaction has ended), else when the request's transaction commits (never
 * when it rolls back).
 */
export function afterCommit(done: () => void): void {
  const holder = current.getStore();
  if (holder?.tx) holder.committed.push(done);
  else done();
}

/**
 * An answer that depends on the fleet platform (a push right after a local write). No platform
 * call runs while a transaction holds the connection others need (decision 035): outside a
 * request transaction `final` runs now; inside one the request answers `provisional` (what is
 * true before the platform is told: saved here, on its way), that answer commits with the write,
 * then `final` runs after the commit and its answer replaces the recorded one and goes out.
 */
export function answerAfterPlatform<T>(provisional: () => Promise<T>, final: () => Promise<T>): Promise<T> {
  const holder = current.getStore();
  if (!holder?.tx) return final();
  if (holder.platform) throw new Error('one platform answer per request');
  holder.platform = () => current.exit(final);
  return provisional();
}
