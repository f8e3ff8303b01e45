import { LEAD_SEARCH_MAX_PAGE, type Lead, type LeadFilters } from '@prospector/contracts';
import type { ApolloClient } from './apollo-client';
import { apolloSearchParams } from './apollo-wire';
import type { LeadSource } from './run-lead-import';

/** Apollo's largest page: imports read 100 people a call. */
export const IMPORT_PAGE_SIZE = 100;

/** The pages of a people search, up to `cap` people (and Apollo's last page), after `skipPages` pages. */
export function searchSource(
  apollo: () => Promise<ApolloClient>,
  filters: LeadFilters,
  cap: number,
  skipPages = 0,
): LeadSource {
  let page = skipPages;
  let read = skipPages * IMPORT_PAGE_SIZE;
  let found = 0;
  let lastPage = LEAD_SEARCH_MAX_PAGE;
  return {
    async next() {
      if (page >= lastPage || read >= cap) return null;
      page += 1;
      const client = await apollo();
      const result = await client.searchPeople(apolloSearchParams(filters, page, IMPORT_PAGE_SIZE));
      found = result.pagination.total_entries;
      lastPage = Math.min(LEAD_SEARCH_MAX_PAGE, Math.ceil(Math.min(found, cap) / IMPORT_PAGE_SIZE));
      const people = result.people.slice(0, cap - read);
      read += people.length;
      return people.length > 0 ? people : null;
    },
    found: () => found,
    total: () => (page === 0 ? null : Math.min(found, cap, LEAD_SEARCH_MAX_PAGE * IMPORT_PAGE_SIZE)),
    pagesRead: () => page,
  };
}

/** Leads the user selected, in batches, after `skipBatches` batches. */
export function givenLeadsSource(leads: Lead[], skipBatches = 0): LeadSource {
  let at = skipBatches * IMPORT_PAGE_SIZE;
  return {
    async next() {
      if (at >= leads.length) return null;
      const batch = leads.slice(at, at + IMPORT_PAGE_SIZE);
      at += batch.length;
      return batch;
    },
    found: () => leads.length,
    total: () => leads.length,
    pagesRead: () => 0,
  };
}
