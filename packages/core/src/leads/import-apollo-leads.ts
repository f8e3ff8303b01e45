import { type LeadFilters, type LeadFiltersInput, leadFiltersSchema } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import type { ApolloClient } from './apollo-client';
import { BACKGROUND_APOLLO_RETRY } from './apollo-settings';
import { connectApollo } from './connect-apollo';
import { searchSource } from './lead-sources';
import { type LeadImportCounts, runLeadImport } from './run-lead-import';

export interface ImportApolloLeadsInput {
  workspaceId: string;
  /** Every list the new leads join (each must be the user's). */
  personaIds: string[];
  filters: LeadFilters | LeadFiltersInput;
  /** How many new leads to add at most. */
  limit: number;
  onProgress?: (counts: LeadImportCounts) => Promise<void> | void;
}

export interface ImportApolloLeadsResult {
  /** People matching the search in Apollo (total_entries). */
  found: number;
  added: number;
  skippedDuplicates: number;
  skippedNoEmail: number;
  revealed: number;
  pagesRead: number;
}

/**
 * A scheduled lead discovery: searches Apollo with the user's connection and adds up to `limit` new leads
 * (people who are not contacts of the user yet) to every list, page after page, revealing locked emails
 * only for the leads it adds. Apollo's errors are thrown as AppErrors with their reason.
 */
export async function importApolloLeads(
  deps: CoreDeps,
  input: ImportApolloLeadsInput,
): Promise<ImportApolloLeadsResult> {
  if (input.personaIds.length === 0)
    throw new AppError('VALIDATION_ERROR', 'Please select at least one email list');
  const personas = [];
  for (const id of new Set(input.personaIds))
    personas.push(await findPersona(deps.db, input.workspaceId, id));
  const filters = leadFiltersSchema.parse(input.filters);
  let client: Promise<ApolloClient> | undefined;
  const apollo = () => {
    client ??= connectApollo(deps, input.workspaceId, BACKGROUND_APOLLO_RETRY);
    return client;
  };
  const counts = await runLeadImport(deps, {
    workspaceId: input.workspaceId,
    personas,
    source: searchSource(apollo, filters, Number.POSITIVE_INFINITY),
    apollo,
    linkExisting: false,
    limit: Math.max(0, input.limit),
    onProgress: input.onProgress,
  });
  return {
    found: counts.found,
    added: counts.added,
    skippedDuplicates: counts.skippedDuplicates,
    skippedNoEmail: counts.skippedNoEmail,
    revealed: counts.revealed,
    pagesRead: counts.pagesRead,
  };
}
