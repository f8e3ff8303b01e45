import { RESET_TOKEN_TTL_MINUTES } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { SystemMailer } from '../mail/system-mailer';
import { createResetToken } from './reset-token-store';
import { findUserByEmail } from './user-store';

/** `${appUrl}/reset-password?token=…`, whatever trailing slash APP_URL has. */
export function resetLink(appUrl: string, token: string): string {
  const url = new URL('reset-password', appUrl.endsWith('/') ? appUrl : `${appUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Worker side of forgot-password: for an existing account, store a new reset token (hashed) and mail the
 * link. For an unknown address nothing is sent, and the requester cannot tell the difference.
 */
export async function sendPasswordResetEmail(
  deps: CoreDeps & { mailer: SystemMailer; appUrl: string },
  email: string,
): Promise<{ sent: boolean }> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { sent: false };
  const token = await createResetToken(deps.db, user.id, deps.clock.now());
  await deps.mailer.sendPasswordReset({
    to: user.email,
    fullName: user.fullName,
    url: resetLink(deps.appUrl, token),
    expiresInMinutes: RESET_TOKEN_TTL_MINUTES,
  });
  return { sent: true };
}
