/** An error the client may see: status, a stable code and a message in the spec's words. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra response headers (for example `Retry-After` on 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
