import { LEAD_SEARCH_PAGE_SIZE, type LeadSearch, type LeadSearchResponse } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { apolloSearchParams } from './apollo-wire';
import { connectApollo } from './connect-apollo';
import { withKnownEmails } from './revealed-email-store';

/** POST /api/apollo/leads-search: one page of 50 people matching the filters, with the emails already revealed. */
export async function searchLeads(
  deps: CoreDeps,
  workspaceId: string,
  input: LeadSearch,
): Promise<LeadSearchResponse> {
  const apollo = await connectApollo(deps, workspaceId);
  const page = await apollo.searchPeople(apolloSearchParams(input, input.page, LEAD_SEARCH_PAGE_SIZE));
  return { ...page, people: await withKnownEmails(deps.db, workspaceId, page.people) };
}
