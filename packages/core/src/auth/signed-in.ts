import type { User } from '@prospector/contracts';
import type { SessionData } from '@prospector/db';
import type { IssuedSession } from './session-store';

/** What login and register return: the user and the new session for the cookie. */
export interface SignedIn {
  user: User;
  session: IssuedSession;
}

/** Sign-in context the HTTP layer passes along: the cookie it arrived with (ended) and who is asking. */
export interface SignInContext {
  previousToken?: string;
  meta?: SessionData;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const NOT_AUTHENTICATED = 'Not authenticated';
