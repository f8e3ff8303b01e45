import type { RegisterInput } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { firstMembership } from '../workspaces/session-workspace';
import { hashPassword } from './password-hash';
import { assertPasswordNotTrivial } from './password-strength';
import { createSession, deleteSessionByToken } from './session-store';
import type { SignedIn, SignInContext } from './signed-in';
import { insertUser, toUser } from './user-store';

/** Creates an account and signs it in with a new session. */
export async function registerUser(
  deps: CoreDeps,
  input: RegisterInput,
  context: SignInContext = {},
): Promise<SignedIn> {
  const now = deps.clock.now();
  assertPasswordNotTrivial(input.password, [input.email, input.fullName]);
  const row = await insertUser(deps.db, {
    email: input.email.trim().toLowerCase(),
    fullName: input.fullName.trim(),
    passwordHash: await hashPassword(input.password),
    now,
  });
  if (!row) throw new AppError('DUPLICATE_EMAIL', 'An account with this email already exists');
  if (context.previousToken) await deleteSessionByToken(deps.db, context.previousToken);
  const session = await createSession(deps.db, row.id, now, context.meta);
  // The database has given the new person a workspace of their own (the users_own_workspace trigger).
  const workspace = await firstMembership(deps.db, row.id);
  return { user: await toUser(deps.db, row, workspace?.workspaceId), session };
}
