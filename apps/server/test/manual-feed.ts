import { ChangeFeed, type ChangeHandlers } from '../src/lib/change-feed.ts';

/**
 * A change feed whose notifications the test delivers, or holds back as a slow listener would;
 * live from the start. What this process announces of its own commits reaches it as every other
 * notification does.
 */
export async function manualFeed(): Promise<{ feed: ChangeFeed; handlers: ChangeHandlers }> {
  const feed = new ChangeFeed();
  const holder: { handlers?: ChangeHandlers } = {};
  await feed.start((h) => {
    holder.handlers = h;
    return Promise.resolve({ stop: () => Promise.resolve() });
  });
  if (!holder.handlers) throw new Error('not listening');
  holder.handlers.up();
  return { feed, handlers: holder.handlers };
}
