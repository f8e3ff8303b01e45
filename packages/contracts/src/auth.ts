// zod's mini build: these schemas are the sign-in screen's, and the smaller build keeps /login's first load
// light. Same validation and messages as the rest of the contracts.
import * as z from 'zod/mini';
import { TEXT_LIMITS } from './text-limits';

/** Longest password accepted: argon2 handles any length, but a cap keeps a hostile body small. */
export const MAX_PASSWORD_LENGTH = 256;

// Validation messages are the spec's (section 5), word for word. Forms and server share these schemas.
const email = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(z.regexes.email, 'Invalid email address'),
    z.maxLength(TEXT_LIMITS.email, 'Email is too long'),
  );
const password = (minimum: number, message: string) =>
  z
    .string()
    .check(
      z.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
      z.minLength(minimum, message),
    );

/** "Also revoke API keys" on a password change or reset. */
const revokeApiKeys = z.optional(z.boolean('Revoke API keys must be true or false'));

export const loginSchema = z.object({
  email,
  password: password(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email,
  password: password(8, 'Password must be at least 8 characters'),
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Full name is required'),
      z.maxLength(TEXT_LIMITS.name, 'Full name is too long'),
    ),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().check(z.minLength(1, 'Reset token is required'), z.maxLength(200, 'Invalid reset token')),
  newPassword: password(8, 'Password must be at least 8 characters'),
  revokeApiKeys: revokeApiKeys,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset screen's form: the server never sees confirmPassword. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: password(8, 'Password must be at least 8 characters'),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  );
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: password(1, 'Current password is required'),
  newPassword: password(6, 'New password must be at least 6 characters long'),
  revokeApiKeys: revokeApiKeys,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The user menu's Change Password dialog. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
    newPassword: z
      .string()
      .check(
        z.minLength(1, 'New password is required'),
        z.minLength(6, 'New password must be at least 6 characters long'),
      ),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your new password')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: 'New passwords do not match',
      path: ['confirmPassword'],
    }),
  );
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** What GET /api/auth/me, login and register return. Secrets never leave the server. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  createdAt: z.string(),
  defaultSenderAccountId: z.nullable(z.string()),
  defaultSendAsEmail: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const MIN_REGISTER_PASSWORD = 8;
export const RESET_TOKEN_TTL_MINUTES = 15;
