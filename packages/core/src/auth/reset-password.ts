import type { ResetPasswordInput } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { hashPassword } from './password-hash';
import { assertPasswordNotTrivial } from './password-strength';
import { claimResetToken, retireResetTokens } from './reset-token-store';
import { revokeAllApiKeys } from './revoke-api-keys';
import { endAllSessions } from './session-store';
import { updatePasswordHash } from './user-store';

export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';

/**
 * Sets a new password with a reset token: the token is used up, the user's other reset links die with it,
 * and every session of the user ends (and, on request, every API key). All or nothing, in one transaction.
 */
export async function resetPassword(deps: CoreDeps, input: ResetPasswordInput): Promise<void> {
  const now = deps.clock.now();
  assertPasswordNotTrivial(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const userId = await claimResetToken(tx, input.token, now);
    if (!userId) throw new AppError('INVALID_TOKEN', INVALID_RESET_TOKEN);
    await updatePasswordHash(tx, userId, await hashPassword(input.newPassword), now);
    await retireResetTokens(tx, userId);
    await endAllSessions(tx, userId);
    if (input.revokeApiKeys) await revokeAllApiKeys(tx, userId);
  });
}
