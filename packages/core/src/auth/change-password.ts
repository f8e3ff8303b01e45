import type { ChangePasswordInput } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { hashPassword, verifyPassword } from './password-hash';
import { assertPasswordNotTrivial } from './password-strength';
import { retireResetTokens } from './reset-token-store';
import { revokeAllApiKeys } from './revoke-api-keys';
import { endOtherSessions, type SessionIdentity } from './session-store';
import { NOT_AUTHENTICATED } from './signed-in';
import { findUserById, updatePasswordHash } from './user-store';

/**
 * Replaces the password of the signed-in user, signs out every other session of theirs and retires their
 * reset links (a link mailed before the change must not undo it); on request, revokes their API keys too.
 */
export async function changePassword(
  deps: CoreDeps,
  identity: SessionIdentity,
  input: ChangePasswordInput,
): Promise<void> {
  const row = await findUserById(deps.db, identity.userId);
  if (!row) throw new AppError('UNAUTHORIZED', NOT_AUTHENTICATED);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  assertPasswordNotTrivial(input.newPassword, [row.email, row.fullName]);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, row.id, passwordHash, deps.clock.now());
    await endOtherSessions(tx, row.id, identity.sessionId);
    await retireResetTokens(tx, row.id);
    if (input.revokeApiKeys) await revokeAllApiKeys(tx, row.id);
  });
}
