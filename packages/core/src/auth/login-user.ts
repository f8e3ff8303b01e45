import type { LoginInput } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { firstMembership } from '../workspaces/session-workspace';
import { verifyAgainstDummy, verifyPassword } from './password-hash';
import { createSession, deleteSessionByToken } from './session-store';
import { INVALID_CREDENTIALS, type SignedIn, type SignInContext } from './signed-in';
import { findUserByEmail, toUser } from './user-store';

/**
 * Checks the credentials and starts a new session, always with a new id. An unknown email and a wrong
 * password fail with the same error after the same argon2 work.
 */
export async function loginUser(
  deps: CoreDeps,
  input: LoginInput,
  context: SignInContext = {},
): Promise<SignedIn> {
  const row = await findUserByEmail(deps.db, input.email.trim());
  const valid = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !valid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  if (context.previousToken) await deleteSessionByToken(deps.db, context.previousToken);
  const session = await createSession(deps.db, row.id, deps.clock.now(), context.meta);
  return { user: await toUser(deps.db, row, (await firstMembership(deps.db, row.id))?.workspaceId), session };
}
