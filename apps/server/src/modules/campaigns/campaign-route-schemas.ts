import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';

/** What a campaign route may answer besides its success: `{code, message}`. */
export const refusals = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
