import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { createWorkspace } from '../workspaces/create-workspace';
import { chooseSessionWorkspace, findMembership, firstMembership } from '../workspaces/session-workspace';
import { findSession, type SessionIdentity } from './session-store';
import { findUserById } from './user-store';

export const WORKSPACE_ACCESS_LOST = 'You no longer have access to this workspace';

/**
 * Who a cookie token signs in and where they work, or null when it is missing, unknown or expired.
 * A session whose workspace the person has just lost is refused once and then falls back to their own.
 */
export async function resolveSession(
  deps: CoreDeps,
  token: string | undefined,
): Promise<SessionIdentity | null> {
  if (!token) return null;
  const session = await findSession(deps.db, token, deps.clock.now());
  if (!session) return null;
  const { userId, sessionId, chosenWorkspaceId } = session;
  if (chosenWorkspaceId) {
    const membership = await findMembership(deps.db, chosenWorkspaceId, userId);
    if (membership) return { userId, sessionId, ...membership };
    await chooseSessionWorkspace(deps.db, sessionId, null);
    throw new AppError('FORBIDDEN', WORKSPACE_ACCESS_LOST);
  }
  const membership = (await firstMembership(deps.db, userId)) ?? (await ownWorkspaceAgain(deps, userId));
  return { userId, sessionId, ...membership };
}

/** A person who left or gave away every workspace gets a new one of their own rather than a dead end. */
async function ownWorkspaceAgain(deps: CoreDeps, userId: string) {
  const user = await findUserById(deps.db, userId);
  const workspace = await createWorkspace(deps, userId, {
    name: personalWorkspaceName(user?.fullName, user?.email),
  });
  return { workspaceId: workspace.id, role: 'owner' as const };
}

/** The name the database gives a person's first workspace (see the users_own_workspace trigger). */
export function personalWorkspaceName(fullName = '', email = ''): string {
  return `${fullName.trim() || email.split('@')[0]}'s workspace`;
}
