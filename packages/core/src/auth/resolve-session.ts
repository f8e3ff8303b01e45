import type { CoreDeps } from '../deps';
import { findSession, type SessionIdentity } from './session-store';

/** Who a cookie token signs in, or null when it is missing, unknown or expired. */
export async function resolveSession(
  deps: CoreDeps,
  token: string | undefined,
): Promise<SessionIdentity | null> {
  if (!token) return null;
  return (await findSession(deps.db, token, deps.clock.now())) ?? null;
}
