import { NO_EMAIL_AVAILABLE, type RevealEmailInput, type RevealEmailResponse } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { connectApollo } from './connect-apollo';
import { knownPeople, rememberRevealedPeople, revealedAddress } from './revealed-email-store';

const answer = (email: string | null): RevealEmailResponse =>
  email ? { email } : { message: NO_EMAIL_AVAILABLE };

/**
 * POST /api/apollo/reveal-email: unlocks one person's email through people/match and keeps it for the
 * user. A person revealed before (by hand or by an import) is answered from what was kept, without
 * spending another Apollo reveal.
 */
export async function revealLeadEmail(
  deps: CoreDeps,
  userId: string,
  input: RevealEmailInput,
): Promise<RevealEmailResponse> {
  const known = await knownPeople(deps.db, userId, [input.personId]);
  if (known.has(input.personId)) return answer(known.get(input.personId)?.email ?? null);
  const apollo = await connectApollo(deps, userId);
  const person = await apollo.matchPerson(input.personId);
  const email = revealedAddress(person?.email);
  await rememberRevealedPeople(
    deps.db,
    userId,
    [{ apolloId: input.personId, email, person }],
    deps.clock.now(),
  );
  return answer(email);
}
