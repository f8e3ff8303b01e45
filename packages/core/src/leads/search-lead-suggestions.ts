import {
  type LeadSuggestionQuery,
  type LeadSuggestionsResponse,
  LINKEDIN_INDUSTRIES,
  rankSuggestions,
  SUGGESTION_MIN_CHARS,
  suggestionRank,
} from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { ApolloTagKind } from './apollo-client';
import { connectApollo } from './connect-apollo';

const KIND: Record<'person_title' | 'location', ApolloTagKind> = {
  person_title: 'person_title',
  location: 'location',
};
const INDUSTRY_SUGGESTIONS = 10;

/**
 * POST /api/apollo/search: type-ahead suggestions. Fewer than 2 characters answer an empty list. Industries
 * come from LinkedIn's list kept by the app, as {id, name} with the name as id (Apollo documents no industry
 * type-ahead); titles and locations from Apollo's tags, as text. Best matches first (exact or acronym, whole
 * words, word starts, then the rest in list order).
 */
export async function searchLeadSuggestions(
  deps: CoreDeps,
  workspaceId: string,
  input: LeadSuggestionQuery,
): Promise<LeadSuggestionsResponse> {
  const query = input.query.trim();
  if (query.length < SUGGESTION_MIN_CHARS) return { suggestions: [] };
  if (input.filterType === 'industry') {
    const matching = LINKEDIN_INDUSTRIES.filter((name) => suggestionRank(query, name) !== null);
    const ranked = rankSuggestions(query, matching, (name) => name).slice(0, INDUSTRY_SUGGESTIONS);
    return { suggestions: ranked.map((name) => ({ id: name, name })) };
  }
  const apollo = await connectApollo(deps, workspaceId);
  // Apollo's fuzzy search also matches inside words ("cto" in "Director"): whole words and acronyms go first.
  const tags = rankSuggestions(
    query,
    await apollo.searchTags(KIND[input.filterType], query),
    (tag) => tag.name,
  );
  return { suggestions: [...new Set(tags.map((tag) => tag.name))] };
}
