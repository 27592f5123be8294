import type { Db } from '../../db/client.ts';
import { announceLocalChange } from '../../lib/change-feed.ts';
import { afterCommit } from '../../lib/request-transaction.ts';
import { insertLog, type NewLogEntry } from '../logs/logs.repository.ts';
import { enqueue, type EnqueueInput } from './outbox.repository.ts';
import { bumpRevision } from './revision.repository.ts';

/** What a local-first write changed besides its own rows. */
interface LocalChange {
  /** The agency whose lists (and their ETags) the write makes stale. */
  clientId: number;
  /** The installation log entry that records it. */
  log: Omit<NewLogEntry, 'clientId'>;
  /** The push that carries it to the external system (none for local-only data). */
  push: Omit<EnqueueInput, 'clientId'> | null;
}

/**
 * The local-first write (decisions 004 and 012): `write` changes the rows, then in the same
 * transaction the change is logged, its push queued in the outbox and the agency's revision
 * bumped. Either all of it is saved or none. Inside a keyed request's transaction this one is a
 * savepoint of it, committed with the request (lib/request-transaction.ts). The push itself never
 * runs in a transaction (decision 035): the caller sends it (`outbox.pushNow`) once this returns,
 * at once when no request transaction is open (an unkeyed request, a `callsOutFirst` route),
 * else through `answerAfterPlatform`, after the keyed request's transaction has committed
 * (plugins/idempotency.ts).
 */
export async function writeLocally<T>(
  db: Db,
  write: (tx: Db) => Promise<{ result: T; change: LocalChange }>,
): Promise<T> {
  const { result, clientId } = await db.transaction(async (tx) => {
    const { result, change } = await write(tx);
    await insertLog(tx, { ...change.log, clientId: change.clientId });
    if (change.push)
      await enqueue(tx, { ...change.push, clientId: change.clientId, actorUserId: change.log.userId });
    await bumpRevision(tx, change.clientId);
    return { result, clientId: change.clientId };
  });
  // This process's reads must not wait for its own notification to see the write (decision 028).
  afterCommit(() => announceLocalChange(clientId));
  return result;
}
