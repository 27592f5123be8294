import { z } from 'zod';
import { rawText, singleLine } from './primitives.ts';

export const LoginInputSchema = z.object({
  username: singleLine().min(1, 'Username is required').max(200),
  password: rawText().min(1, 'Password is required').max(500),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const USER_ROLES = ['installer', 'admin'] as const;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  clientIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const VerifyResponseSchema = z.object({ user: UserSchema });
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;
