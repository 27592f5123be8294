import { discard, enqueue, flush, onSent, type OutboxEntry } from './outbox.ts';

export type Submitted<T> = { status: 'sent'; answer: T } | { status: 'queued'; entry: OutboxEntry };

/** The words for a write kept on the phone (issue 14): it is saved, not failed. */
export const SAVED_OFFLINE = 'Saved on this device — will be sent when online';

/**
 * A write through the outbox, as a screen makes it: kept first (so a reload or a closed tab loses
 * nothing), then sent at once. Answers the server's answer when it took it; 'queued' when there is
 * no signal (it goes later, by itself). A refusal while the user is here is thrown for the form to
 * show, and not kept: the user is looking at it and can fix it.
 */
export async function submitWrite<T>(
  write: Parameters<typeof enqueue>[0],
  parse: (answer: unknown) => T,
): Promise<Submitted<T>> {
  const entry = await enqueue(write);
  const got: { sent: boolean; value: unknown } = { sent: false, value: null };
  const stop = onSent((sent, value) => {
    if (sent.id !== entry.id) return;
    got.sent = true;
    got.value = value;
  });
  try {
    const left = await flush();
    if (got.sent) return { status: 'sent', answer: parse(got.value) };
    const kept = left.find((e) => e.id === entry.id);
    if (kept && kept.state !== 'waiting') {
      await discard(entry.id);
      throw new Error(kept.error ?? 'The server refused this change.');
    }
    return { status: 'queued', entry: kept ?? entry };
  } finally {
    stop();
  }
}
