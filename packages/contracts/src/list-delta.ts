import { z } from 'zod';

/**
 * Delta sync of the agency lists (decision 022). `GET …/client/{id}?since=R` answers what changed
 * after revision R: rows added or changed (whole rows) and ids of rows that left the list. When the
 * server cannot answer from R (too old, or from another database) it answers the full list, as
 * without `since`. Every 200 carries the revision of its data in the `X-Revision` header.
 */
export const REVISION_HEADER = 'x-revision';

export const ListSinceQuerySchema = z.object({
  since: z.coerce
    .number({ error: 'since must be a revision number' })
    .int('since must be a revision number')
    .min(0, 'since must be a revision number')
    .max(2_147_483_647, 'since must be a revision number')
    .optional(),
});

export function listDeltaSchema<T extends z.ZodType>(item: T) {
  return z.object({
    revision: z.number().int(),
    full: z.literal(false),
    upserts: z.array(item),
    removed: z.array(z.number().int()),
  });
}

export interface ListDelta<T> {
  revision: number;
  full: false;
  upserts: T[];
  removed: number[];
}
