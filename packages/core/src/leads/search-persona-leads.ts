import {
  type LeadSearchResponse,
  leadFiltersSchema,
  type PersonaApolloSearchInput,
} from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import { apolloSearchParams } from './apollo-wire';
import { connectApollo } from './connect-apollo';

/**
 * POST /api/personas/{id}/search-apollo: people matching the list's job title, industry (as a keyword, since
 * a list stores the industry's name) and location (where the person is).
 */
export async function searchPersonaLeads(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  input: PersonaApolloSearchInput,
): Promise<LeadSearchResponse> {
  const persona = await findPersona(deps.db, workspaceId, personaId);
  const filters = leadFiltersSchema.parse({
    personTitles: [persona.jobTitle],
    industryNames: [persona.industry],
    locations: [persona.location],
    locationType: 'contact',
  });
  const apollo = await connectApollo(deps, workspaceId);
  return apollo.searchPeople(apolloSearchParams(filters, input.page, input.per_page));
}
