import { z } from 'zod';

// Validation messages are the spec's (section 5), word for word. Forms and server share these schemas.
const email = z.string().trim().toLowerCase().email('Invalid email address').max(254, 'Email is too long');
// argon2 handles any length, but a cap keeps a hostile body from costing a hash of megabytes.
const password = z.string().max(256, 'Password must be at most 256 characters');

export const loginSchema = z.object({
  email,
  password: password.min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email,
  password: password.min(8, 'Password must be at least 8 characters'),
  fullName: z.string().trim().min(1, 'Full name is required').max(200, 'Full name is too long'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'Reset token is required').max(200, 'Invalid reset token'),
  newPassword: password.min(8, 'Password must be at least 8 characters'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset screen's form: the server never sees confirmPassword. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: password.min(8, 'Password must be at least 8 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: password.min(1, 'Current password is required'),
  newPassword: password.min(6, 'New password must be at least 6 characters long'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The user menu's Change Password dialog. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(1, 'New password is required')
      .min(6, 'New password must be at least 6 characters long'),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** What GET /api/auth/me, login and register return. Secrets never leave the server. */
export const userSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  fullName: z.string(),
  createdAt: z.string(),
  defaultSenderAccountId: z.string().nullable(),
  defaultSendAsEmail: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const MIN_REGISTER_PASSWORD = 8;
export const RESET_TOKEN_TTL_MINUTES = 15;
