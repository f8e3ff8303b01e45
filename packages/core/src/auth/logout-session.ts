import type { CoreDeps } from '../deps';
import { deleteSessionByToken } from './session-store';

/** Ends the session behind a cookie token. Idempotent: no token or an unknown one is not an error. */
export async function logoutSession(deps: CoreDeps, token: string | undefined): Promise<void> {
  if (token) await deleteSessionByToken(deps.db, token);
}
