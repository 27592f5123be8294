/**
 * Who is signed in, as the outbox needs it (kept apart from the outbox so that the sign-in screen
 * can set it without loading the outbox). A write is stamped with its maker and sent only while
 * they are signed in: on a shared phone one installer's work never goes under another's name.
 */
export interface OutboxOwner {
  id: number;
  name: string;
}

let owner: OutboxOwner | null = null;
const listeners = new Set<(owner: OutboxOwner | null) => void>();

export const currentOwner = (): OutboxOwner | null => owner;

/** Told by the auth feature at sign-in, verification and sign-out. */
export function setOutboxOwner(user: OutboxOwner | null): void {
  const changed = user?.id !== owner?.id;
  owner = user;
  if (changed) for (const listener of listeners) listener(user);
}

export function onOwnerChange(listener: (owner: OutboxOwner | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
