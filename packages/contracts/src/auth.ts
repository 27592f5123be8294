import { z } from 'zod';
import { rawText, singleLine } from './primitives.ts';

/**
 * What the sign-in answers besides spec §8's 'Invalid username or password' (issue 32): the
 * platform's two-factor step and the platform's own refusals of an account. Codes are the `code`
 * of the `{code, message}` error: CODE_REQUIRED and INVALID_CODE (401), ACCOUNT_DISABLED and
 * ACCOUNT_EXPIRED (403).
 */
export const SIGN_IN_MESSAGES = {
  codeRequired: 'Enter the one-time code from your authenticator app',
  invalidCode: 'That one-time code is not right. Please try again.',
  codeFormat: 'The one-time code is 6 digits',
  disabled: 'This account is disabled in the fleet platform',
  expired: 'This account has expired in the fleet platform',
} as const;

export const SIGN_IN_ERROR_CODES = {
  codeRequired: 'CODE_REQUIRED',
  invalidCode: 'INVALID_CODE',
  disabled: 'ACCOUNT_DISABLED',
  expired: 'ACCOUNT_EXPIRED',
} as const;

/**
 * The platform refused what this user asked under the user's own rights there (Traccar's
 * `readonly`, `deviceReadonly`, `deviceLimit`, `limitCommands`): 403 with these codes. The
 * toolkit's own access to the platform lapsing (its token expired or revoked) is 503
 * PROVIDER_AUTH with `platformAccessLapsed`: what waits is kept and sent once it is renewed.
 */
export const PLATFORM_RIGHTS_MESSAGES = {
  readOnly: 'Your Traccar account is read-only',
  devicesReadOnly: 'Your Traccar account may not change devices',
  noCommands: 'Your Traccar account may not send commands',
  platformAccessLapsed:
    'The toolkit’s access to the fleet platform has lapsed. Your work is kept and will be sent once an administrator renews it.',
} as const;

export const PLATFORM_RIGHTS_CODES = {
  readOnly: 'PLATFORM_READ_ONLY',
  devicesReadOnly: 'PLATFORM_DEVICES_READ_ONLY',
  noCommands: 'PLATFORM_NO_COMMANDS',
} as const;

export const LoginInputSchema = z.object({
  username: singleLine().min(1, 'Username is required').max(200),
  password: rawText().min(1, 'Password is required').max(500),
  rememberMe: z.boolean().optional().default(false),
  /**
   * The one-time code of a platform account with two-factor sign-in (Traccar: a TOTP key). Sent
   * only after the server answered CODE_REQUIRED; spaces a user types are dropped.
   */
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6,8}$/, SIGN_IN_MESSAGES.codeFormat))
    .optional(),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const USER_ROLES = ['installer', 'supervisor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What the user's own fleet-platform account may not do (issue 32): the keys of PLATFORM_RIGHTS_CODES. */
export const PLATFORM_RESTRICTIONS = ['readOnly', 'devicesReadOnly', 'noCommands'] as const;
export type PlatformRestriction = (typeof PLATFORM_RESTRICTIONS)[number];

const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  clientIds: z.array(z.number().int()),
  /** Absent or empty: the platform lets the user do everything the toolkit offers. */
  platformRestrictions: z.array(z.enum(PLATFORM_RESTRICTIONS)).optional(),
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
