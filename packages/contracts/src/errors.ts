import { z } from 'zod';
import { idParam } from './primitives.ts';

/** One error shape end to end: `{ code, message, issues? }`. */
const ErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const ErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(ErrorIssueSchema).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Route parameters that are database ids. */
export const IdParamSchema = z.object({ id: idParam() });
export const ClientIdParamSchema = z.object({ clientId: idParam() });
export const VehicleIdParamSchema = z.object({ vehicleId: idParam() });
