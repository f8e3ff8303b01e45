import { z } from 'zod';
import { TEXT_LIMITS } from './text-limits';

/** Spec section 9: lead search shows 50 people a page. */
export const LEAD_SEARCH_PAGE_SIZE = 50;

/** Spec section 9: the eleven employee ranges, as the filter panel labels them. */
export const EMPLOYEE_RANGES = [
  '1-10',
  '11-20',
  '21-50',
  '51-100',
  '101-200',
  '201-500',
  '501-1000',
  '1001-2000',
  '2001-5000',
  '5001-10000',
  '10001+',
] as const;
export type EmployeeRange = (typeof EMPLOYEE_RANGES)[number];

/** Apollo hides an email it has not unlocked yet behind this address; reveal-email unlocks it. */
export const LOCKED_EMAIL_MARKER = 'email_not_unlocked@domain.com';

/** True for Apollo's placeholder of an email that exists but is not revealed yet. */
export function isLockedEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.includes('email_not_unlocked');
}

export const LEAD_FILTER_TYPES = ['person_title', 'location', 'industry'] as const;
export type LeadFilterType = (typeof LEAD_FILTER_TYPES)[number];

export const LOCATION_TYPES = ['contact', 'account'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Type-ahead searches only from this many characters (spec section 5). */
export const SUGGESTION_MIN_CHARS = 2;

/** POST /api/apollo/search: type-ahead suggestions for one filter. */
export const leadSuggestionQuerySchema = z.object({
  query: z
    .string({ error: 'query must be text' })
    .trim()
    .max(TEXT_LIMITS.searchText, 'Search text is too long'),
  filterType: z.enum(LEAD_FILTER_TYPES, {
    error: 'filterType must be person_title, location or industry',
  }),
});
export type LeadSuggestionQuery = z.output<typeof leadSuggestionQuerySchema>;

/** An industry of the type-ahead: `id` is its name (searched as keywords), kept apart for saved filters. */
export interface IndustrySuggestion {
  id: string;
  name: string;
}

/** Text for person_title and location, `{id, name}` objects for industry. */
export interface LeadSuggestionsResponse {
  suggestions: string[] | IndustrySuggestion[];
}

const filterText = z
  .string()
  .trim()
  .min(1, 'Filter values cannot be empty')
  .max(TEXT_LIMITS.searchText, 'Filter value is too long');
const filterList = z.array(filterText).max(100, 'At most 100 values per filter').default([]);

/** The filters of a lead search (also a workflow's criteria and an add-all request). */
export const leadFiltersSchema = z.object({
  personTitles: filterList,
  locations: filterList,
  locationType: z
    .enum(LOCATION_TYPES, { error: 'locationType must be contact or account' })
    .default('contact'),
  /** Industries picked from the type-ahead (LinkedIn's names); searched as keywords. */
  industries: filterList,
  /** Industries or keywords typed with 'Use custom'; searched as keywords too. */
  industryNames: filterList,
  employeeCounts: z
    .array(z.enum(EMPLOYEE_RANGES, { error: `Employee ranges are ${EMPLOYEE_RANGES.join(', ')}` }))
    .max(EMPLOYEE_RANGES.length)
    .default([]),
});
export type LeadFiltersInput = z.input<typeof leadFiltersSchema>;
export type LeadFilters = z.output<typeof leadFiltersSchema>;

/** Apollo serves at most 500 pages of a search. */
export const LEAD_SEARCH_MAX_PAGE = 500;

const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(LEAD_SEARCH_MAX_PAGE, `page must be at most ${LEAD_SEARCH_MAX_PAGE}`);

/** POST /api/apollo/leads-search. */
export const leadSearchSchema = leadFiltersSchema.extend({ page: pageNumber.default(1) });
export type LeadSearchInput = z.input<typeof leadSearchSchema>;
export type LeadSearch = z.output<typeof leadSearchSchema>;

/** A lead's company as search results show it. */
export interface LeadOrganization {
  id: string | null;
  name: string | null;
  logo_url: string | null;
  website_url: string | null;
  primary_domain: string | null;
  industry: string | null;
  estimated_num_employees: number | null;
}

/**
 * A person found in Apollo (spec section 3). `email` is null when Apollo has none, the
 * LOCKED_EMAIL_MARKER while it is not revealed, else the address.
 */
export interface Lead {
  id: string;
  apolloId: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  headline: string | null;
  email: string | null;
  linkedin_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  organization: LeadOrganization | null;
}

export interface LeadPagination {
  page: number;
  per_page: number;
  total_entries: number;
  total_pages: number;
}

export interface LeadSearchResponse {
  people: Lead[];
  pagination: LeadPagination;
}

/** POST /api/apollo/reveal-email. */
export const revealEmailSchema = z.object({
  personId: z.string({ error: 'personId is required' }).trim().min(1, 'personId is required').max(100),
});
export type RevealEmailInput = z.output<typeof revealEmailSchema>;

export const NO_EMAIL_AVAILABLE = 'No email available';

/**
 * `{email}` when Apollo unlocked one (with `lead`, the person as the reveal answered: the whole name, the
 * place and the employer that search hides), else `{message: 'No email available'}`.
 */
export type RevealEmailResponse = { email: string; lead?: Lead } | { message: string };

/**
 * A search result completed with what a reveal answered: Apollo's search hides part of the last name, the
 * place and the employer's details, the reveal has them. The lead keeps its own ids.
 */
export function leadWithRevealed(lead: Lead, revealed: Lead): Lead {
  const known = Object.fromEntries(
    Object.entries(revealed).filter(([, value]) => value !== null && value !== ''),
  );
  return { ...lead, ...known, id: lead.id, apolloId: lead.apolloId };
}

const nullableText = z
  .string()
  .max(2000)
  .nullish()
  .transform((value) => value ?? null);

const leadOrganizationSchema = z
  .object({
    id: nullableText,
    name: nullableText,
    logo_url: nullableText,
    website_url: nullableText,
    primary_domain: nullableText,
    industry: nullableText,
    estimated_num_employees: z
      .number()
      .nullish()
      .transform((value) => value ?? null),
  })
  .nullish()
  .transform((value) => value ?? null);

/** A lead as the client sends it back when adding selected leads to a list. */
export const leadSchema = z.object({
  id: z.string().trim().min(1).max(100),
  apolloId: z.string().trim().min(1).max(100).optional(),
  name: z.string().max(500).default(''),
  first_name: nullableText,
  last_name: nullableText,
  title: nullableText,
  headline: nullableText,
  email: nullableText,
  linkedin_url: nullableText,
  city: nullableText,
  state: nullableText,
  country: nullableText,
  organization: leadOrganizationSchema,
});
export type LeadInput = z.input<typeof leadSchema>;

export const ADD_LEADS_MAX = 1000;
const personaId = z.string({ error: 'Email list not found' }).uuid('Email list not found');

/** POST /api/apollo/add-to-persona. */
export const addLeadsToPersonaSchema = z.object({
  personaId,
  leads: z
    .array(leadSchema, { error: 'Please select at least one lead' })
    .min(1, 'Please select at least one lead')
    .max(ADD_LEADS_MAX, `At most ${ADD_LEADS_MAX} leads can be added at once`),
});
export type AddLeadsToPersonaInput = z.output<typeof addLeadsToPersonaSchema>;

/** The most leads one "Add All Results" import adds; the rest of a larger search is left out. */
export const ADD_ALL_LEADS_CAP = 10_000;

/** POST /api/apollo/add-all-to-persona: the search's filters and the list. */
export const addAllLeadsToPersonaSchema = leadFiltersSchema.extend({ personaId });
export type AddAllLeadsToPersonaInput = z.output<typeof addAllLeadsToPersonaSchema>;

/** Both add endpoints answer with the import job to poll. */
export interface ImportJobStarted {
  jobId: string;
}

/** POST /api/personas/{id}/search-apollo. */
export const personaApolloSearchSchema = z.object({
  page: pageNumber.default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a number' })
    .int('per_page must be a whole number')
    .min(1, 'per_page must be at least 1')
    .max(100, 'per_page must be at most 100')
    .default(LEAD_SEARCH_PAGE_SIZE),
});
export type PersonaApolloSearchInput = z.output<typeof personaApolloSearchSchema>;

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A lead import's counters: skipped = skippedDuplicates + skippedNoEmail. */
export interface LeadImportProgress {
  added: number;
  skipped: number;
  revealed: number;
  skippedDuplicates: number;
  skippedNoEmail: number;
  /** Leads looked at so far, and how many the import will look at (null until known). */
  processed: number;
  total: number | null;
}

/** GET /api/jobs/{jobId}. */
export interface JobStatusResponse {
  id: string;
  type: string;
  status: JobStatus;
  progress: LeadImportProgress;
  /** Why a job is waiting, e.g. "Waiting for Apollo's hourly limit, resumes at 15:00 UTC"; else null. */
  waiting: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a lead import job stores: the selected leads, or the search to walk and how many to take. */
export const leadImportPayloadSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('selected'), personaId: z.string().uuid(), leads: z.array(leadSchema) }),
  z.object({
    mode: z.literal('all'),
    personaId: z.string().uuid(),
    filters: leadFiltersSchema,
    cap: z.number().int().min(1),
  }),
]);
export type LeadImportPayload = z.output<typeof leadImportPayloadSchema>;
