import {
  type EmployeeRange,
  LEAD_SEARCH_MAX_PAGE,
  type Lead,
  type LeadFilters,
  type LeadPagination,
  LOCKED_EMAIL_MARKER,
} from '@prospector/contracts';

/** A person as Apollo's search and match endpoints answer (only the fields the app reads). */
export interface ApolloPersonWire {
  id: string;
  first_name?: string | null;
  last_name?: string | null;
  last_name_obfuscated?: string | null;
  name?: string | null;
  title?: string | null;
  headline?: string | null;
  email?: string | null;
  email_status?: string | null;
  has_email?: boolean | null;
  linkedin_url?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  organization_id?: string | null;
  organization?: {
    id?: string | null;
    name?: string | null;
    logo_url?: string | null;
    website_url?: string | null;
    primary_domain?: string | null;
    industry?: string | null;
    estimated_num_employees?: number | null;
  } | null;
}

export interface ApolloSearchWire {
  people?: ApolloPersonWire[];
  contacts?: ApolloPersonWire[];
  total_entries?: number;
  pagination?: Partial<LeadPagination>;
}

/** Spec section 9's employee ranges as Apollo's `organization_num_employees_ranges` ("min,max"). */
export const APOLLO_EMPLOYEE_RANGES: Record<EmployeeRange, string> = {
  '1-10': '1,10',
  '11-20': '11,20',
  '21-50': '21,50',
  '51-100': '51,100',
  '101-200': '101,200',
  '201-500': '201,500',
  '501-1000': '501,1000',
  '1001-2000': '1001,2000',
  '2001-5000': '2001,5000',
  '5001-10000': '5001,10000',
  '10001+': '10001,10000000',
};

/** The people search body for the app's filters (Apollo takes JSON bodies as well as query strings). */
export function apolloSearchParams(filters: LeadFilters, page: number, perPage: number) {
  const body: Record<string, unknown> = { page, per_page: perPage };
  if (filters.personTitles.length > 0) body.person_titles = filters.personTitles;
  if (filters.locations.length > 0) {
    body[filters.locationType === 'account' ? 'organization_locations' : 'person_locations'] =
      filters.locations;
  }
  // People API Search documents no industry filter: industries go to its keyword search (decision 013).
  const keywords = [...filters.industries, ...filters.industryNames];
  if (keywords.length > 0) body.q_keywords = keywords.join(' ');
  if (filters.employeeCounts.length > 0) {
    body.organization_num_employees_ranges = filters.employeeCounts.map(
      (range) => APOLLO_EMPLOYEE_RANGES[range],
    );
  }
  return body;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The current search endpoint (api_search) answers `has_email` instead of an email and an obfuscated last
 * name; the older one the email or Apollo's locked marker. Both become the Lead of spec section 3.
 */
export function toLead(person: ApolloPersonWire): Lead {
  const firstName = text(person.first_name);
  const lastName = text(person.last_name) ?? text(person.last_name_obfuscated);
  const email =
    text(person.email) ??
    (person.has_email === true && person.email_status !== 'unavailable' ? LOCKED_EMAIL_MARKER : null);
  const org = person.organization;
  return {
    id: person.id,
    apolloId: person.id,
    name: text(person.name) ?? [firstName, lastName].filter(Boolean).join(' '),
    first_name: firstName,
    last_name: lastName,
    title: text(person.title),
    headline: text(person.headline),
    email,
    linkedin_url: text(person.linkedin_url),
    city: text(person.city),
    state: text(person.state),
    country: text(person.country),
    organization: org
      ? {
          id: text(org.id) ?? text(person.organization_id),
          name: text(org.name),
          logo_url: text(org.logo_url),
          website_url: text(org.website_url),
          primary_domain: text(org.primary_domain),
          industry: text(org.industry),
          estimated_num_employees:
            typeof org.estimated_num_employees === 'number' ? org.estimated_num_employees : null,
        }
      : null,
  };
}

/** Apollo's pagination, or one computed from total_entries; total_pages stops at the last page Apollo serves. */
export function toPagination(
  wire: ApolloSearchWire,
  page: number,
  perPage: number,
  found: number,
): LeadPagination {
  const totalEntries = wire.pagination?.total_entries ?? wire.total_entries ?? found;
  const pageSize = wire.pagination?.per_page ?? perPage;
  const totalPages = Math.ceil(totalEntries / Math.max(1, pageSize));
  return {
    page: wire.pagination?.page ?? page,
    per_page: pageSize,
    total_entries: totalEntries,
    total_pages: Math.min(totalPages, LEAD_SEARCH_MAX_PAGE),
  };
}
