import {
  type LeadSuggestionQuery,
  type LeadSuggestionsResponse,
  rankSuggestions,
  SUGGESTION_MIN_CHARS,
} from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { ApolloTagKind } from './apollo-client';
import { connectApollo } from './connect-apollo';

const KIND: Record<LeadSuggestionQuery['filterType'], ApolloTagKind> = {
  person_title: 'person_title',
  location: 'location',
  industry: 'linkedin_industry',
};

/**
 * POST /api/apollo/search: type-ahead suggestions from Apollo's tags. Fewer than 2 characters answer an
 * empty list without calling Apollo. Titles and locations come back as text, industries as {id, name}, best
 * matches first (exact or acronym, whole words, word starts, then the rest in Apollo's order).
 */
export async function searchLeadSuggestions(
  deps: CoreDeps,
  userId: string,
  input: LeadSuggestionQuery,
): Promise<LeadSuggestionsResponse> {
  const query = input.query.trim();
  if (query.length < SUGGESTION_MIN_CHARS) return { suggestions: [] };
  const apollo = await connectApollo(deps, userId);
  // Apollo's fuzzy search also matches inside words ("cto" in "Director"): whole words and acronyms go first.
  const tags = rankSuggestions(
    query,
    await apollo.searchTags(KIND[input.filterType], query),
    (tag) => tag.name,
  );
  if (input.filterType === 'industry') {
    return { suggestions: tags.filter((tag) => tag.id).map(({ id, name }) => ({ id, name })) };
  }
  return { suggestions: [...new Set(tags.map((tag) => tag.name))] };
}
