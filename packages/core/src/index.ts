export * from './app-error';
export { changePassword } from './auth/change-password';
export { getCurrentUser } from './auth/get-current-user';
export { loginUser } from './auth/login-user';
export { logoutSession } from './auth/logout-session';
export { ARGON2_OPTIONS, hashPassword, verifyPassword } from './auth/password-hash';
export { registerUser } from './auth/register-user';
export { RESET_REQUESTED_MESSAGE, requestPasswordReset } from './auth/request-password-reset';
export { INVALID_RESET_TOKEN, resetPassword } from './auth/reset-password';
export { RESET_TOKEN_TTL_MS } from './auth/reset-token-store';
export { resolveSession } from './auth/resolve-session';
export { resetLink, sendPasswordResetEmail } from './auth/send-password-reset-email';
export { type IssuedSession, SESSION_TTL_MS, type SessionIdentity } from './auth/session-store';
export type { SignedIn, SignInContext } from './auth/signed-in';
export { generateToken, hashToken } from './auth/tokens';
export * from './clock';
export { decryptSecret, encryptSecret } from './crypto/secret-box';
export type { CoreDeps, JobQueue } from './deps';
export { handleSystemEmail, type SystemEmailDeps } from './jobs/handle-system-email';
export { SYSTEM_EMAIL_JOB, type SystemEmailJob } from './jobs/system-email-job';
export { createSmtpMailer } from './mail/smtp-mailer';
export {
  createLogMailer,
  createSystemMailer,
  type PasswordResetMessage,
  type SystemMailer,
} from './mail/system-mailer';
