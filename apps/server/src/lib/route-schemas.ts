import { z } from 'zod';
import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';

/**
 * Response schemas of the routes that touch one tenancy-checked record: a record of another agency
 * (or none) answers 404 with the `{code, message}` shape.
 */

/** A record written on one of the user's vehicles (201), or 404. */
export const createdRecord = <T extends z.ZodType>(record: T) => ({ 201: record, 404: ErrorResponseSchema });

/** One of the user's records, read or changed (200), or 404. */
export const foundRecord = <T extends z.ZodType>(record: T) => ({ 200: record, 404: ErrorResponseSchema });

/** One of the user's records deleted (204, no body), or 404. */
export const deletedRecord = { 204: z.null().describe('Deleted'), 404: ErrorResponseSchema };
