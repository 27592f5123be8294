import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus, isNetworkError } from './api-error.ts';

describe('errorMessage', () => {
  it('reads the message of the server JSON body', () => {
    const err = new Error('400: {"code":"SMS_NOT_AVAILABLE","message":"SMS Not Available"}');
    expect(errorMessage(err, 'x')).toBe('SMS Not Available');
    expect(errorStatus(err)).toBe(400);
  });

  it('uses a plain-text body as is, and the fallback for empty or HTML bodies', () => {
    expect(errorMessage(new Error('502: Bad Gateway'), 'Failed')).toBe('Bad Gateway');
    expect(errorMessage(new Error('500: '), 'Failed')).toBe('Failed');
    expect(errorMessage(new Error('500: <html>oops</html>'), 'Failed')).toBe('Failed');
    expect(errorMessage(new Error('500: {"code":"X"}'), 'Failed')).toBe('Failed');
  });

  it('names a response that does not match the contract', () => {
    const result = z.object({ a: z.string() }).safeParse({});
    expect(errorMessage(result.error, 'Failed')).toBe('Invalid response from server');
  });

  it('keeps other errors, and falls back for no answer at all and for non-errors', () => {
    expect(errorMessage(new Error('Device not found'), 'Failed')).toBe('Device not found');
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
    expect(errorMessage('boom', 'Failed')).toBe('Failed');
    expect(errorStatus('boom')).toBeNull();
  });
});
