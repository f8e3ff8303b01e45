import type { User } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { NOT_AUTHENTICATED } from './signed-in';
import { findUserById, toUser } from './user-store';

/** The signed-in user's public profile. */
export async function getCurrentUser(
  deps: CoreDeps,
  identity: { userId: string; workspaceId: string },
): Promise<User> {
  const row = await findUserById(deps.db, identity.userId);
  if (!row) throw new AppError('UNAUTHORIZED', NOT_AUTHENTICATED);
  return toUser(deps.db, row, identity.workspaceId);
}
