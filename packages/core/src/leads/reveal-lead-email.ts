import {
  isLockedEmail,
  NO_EMAIL_AVAILABLE,
  type RevealEmailInput,
  type RevealEmailResponse,
} from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { connectApollo } from './connect-apollo';

/** POST /api/apollo/reveal-email: unlocks one person's email through people/match. */
export async function revealLeadEmail(
  deps: CoreDeps,
  userId: string,
  input: RevealEmailInput,
): Promise<RevealEmailResponse> {
  const apollo = await connectApollo(deps, userId);
  const person = await apollo.matchPerson(input.personId);
  const email = person?.email;
  return email && !isLockedEmail(email) ? { email } : { message: NO_EMAIL_AVAILABLE };
}
