import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, SIGN_IN_ERROR_CODES } from '@toolkit/contracts/auth.ts';
import { bodyCode, jsonMessage } from '../../../lib/api-error.ts';

export const LOGIN_FAILED = 'Login failed';

type SignInCodes = typeof SIGN_IN_ERROR_CODES;
/**
 * The codes the form acts on (issue 32), spelled here and checked against the contract's by type:
 * the contracts' auth module (and zod) stays off the login page's first load.
 */
export const CODE_REQUIRED: SignInCodes['codeRequired'] = 'CODE_REQUIRED';
export const INVALID_CODE: SignInCodes['invalidCode'] = 'INVALID_CODE';

/** A refused sign-in: its message as §8 shows it, and the server's `code` when it sent one. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

/** §7/§8: the body text is read; its message if JSON, else the raw text, else 'Login failed'. */
export function loginErrorMessage(body: string): string {
  if (!body.trim()) return LOGIN_FAILED;
  return jsonMessage(body) ?? body;
}

/** The sign-in asks for the platform's one-time code (first time: none sent; or a wrong one). */
export const isCodeStep = (error: unknown): error is LoginError =>
  error instanceof LoginError && (error.code === CODE_REQUIRED || error.code === INVALID_CODE);

/** The only call made without a Bearer token. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new LoginError(loginErrorMessage(body), bodyCode(body));
  }
  const { LoginResponseSchema } = await import('@toolkit/contracts/auth.ts');
  return LoginResponseSchema.parse(await res.json());
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
