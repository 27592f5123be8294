import type { z } from 'zod';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';

/** The board's lists are fresh for 30 s and read again every minute while the board is open. */
export const BOARD_STALE_MS = 30_000;
export const BOARD_REFETCH_MS = 60_000;

/** Pages read at most (200 buses a page: a 1,000-bus campaign is 5). */
const MAX_PAGES = 100;

/**
 * Every page of a cursor list, in order: the board sorts, filters and counts the whole campaign on
 * the supervisor's screen, so it reads all of it.
 */
export async function readAllPages<T>(
  path: string,
  schema: z.ZodType<{ items: T[]; nextCursor: string | null }>,
  signal: AbortSignal,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url: string = cursor === null ? path : `${path}?cursor=${encodeURIComponent(cursor)}`;
    const answer = await parseJson(await getFromPath(url, signal), schema);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === null) break;
  }
  return items;
}
