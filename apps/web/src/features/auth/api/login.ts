import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@toolkit/contracts/auth.ts';
import { jsonMessage } from '../../../lib/api-error.ts';

export const LOGIN_FAILED = 'Login failed';

/** §7/§8: the body text is read; its message if JSON, else the raw text, else 'Login failed'. */
export function loginErrorMessage(body: string): string {
  if (!body.trim()) return LOGIN_FAILED;
  return jsonMessage(body) ?? body;
}

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
    throw new Error(loginErrorMessage(body));
  }
  const { LoginResponseSchema } = await import('@toolkit/contracts/auth.ts');
  return LoginResponseSchema.parse(await res.json());
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
