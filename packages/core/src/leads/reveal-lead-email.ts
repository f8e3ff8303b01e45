import {
  type Lead,
  NO_EMAIL_AVAILABLE,
  type RevealEmailInput,
  type RevealEmailResponse,
} from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { connectApollo } from './connect-apollo';
import { knownPeople, rememberRevealedPeople, revealedAddress } from './revealed-email-store';

const answer = (email: string | null, lead: Lead | null | undefined): RevealEmailResponse =>
  email ? { email, ...(lead ? { lead } : {}) } : { message: NO_EMAIL_AVAILABLE };

/**
 * POST /api/apollo/reveal-email: unlocks one person's email through people/match and keeps it for the
 * user. A person revealed before (by hand or by an import) is answered from what was kept, without
 * spending another Apollo reveal.
 */
export async function revealLeadEmail(
  deps: CoreDeps,
  workspaceId: string,
  input: RevealEmailInput,
): Promise<RevealEmailResponse> {
  const known = await knownPeople(deps.db, workspaceId, [input.personId]);
  const before = known.get(input.personId);
  if (before) return answer(before.email, before.person);
  const apollo = await connectApollo(deps, workspaceId);
  const person = await apollo.matchPerson(input.personId);
  const email = revealedAddress(person?.email);
  await rememberRevealedPeople(
    deps.db,
    workspaceId,
    [{ apolloId: input.personId, email, person }],
    deps.clock.now(),
  );
  return answer(email, person);
}
