import { FIRST_NAMES, INDUSTRIES, LAST_NAMES, PLACES, TITLES } from './catalog';
import { EMAIL_LOCKED, EMAIL_NONE, type PeopleIndex, personId, type SandboxCompany } from './people-index';

/** What Apollo shows in place of an email that exists but is not unlocked yet. */
export const LOCKED_EMAIL = 'email_not_unlocked@domain.com';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The address a person's email reveals to: stable, and unique within the company's domain. */
export function personEmail(index: PeopleIndex, n: number): string | null {
  if (index.emailState[n] === EMAIL_NONE) return null;
  const company = index.companies[index.company[n] as number] as SandboxCompany;
  const suffix = index.emailSuffix[n] ? String((index.emailSuffix[n] as number) + 1) : '';
  const first = slug(FIRST_NAMES[index.firstName[n] as number] as string);
  const last = slug(LAST_NAMES[index.lastName[n] as number] as string);
  return `${first}.${last}${suffix}@${company.domain}`;
}

function organizationView(company: SandboxCompany, logoBaseUrl: string) {
  const place = PLACES[company.place];
  return {
    id: company.id,
    name: company.name,
    website_url: `http://www.${company.domain}`,
    linkedin_url: `http://www.linkedin.com/company/${slug(company.name)}`,
    primary_domain: company.domain,
    logo_url: `${logoBaseUrl}/logos/${company.id}.svg`,
    industry: (INDUSTRIES[company.industry] as readonly [string, number])[0].toLowerCase(),
    estimated_num_employees: company.employees,
    city: place?.city ?? null,
    state: place?.state ?? null,
    country: place?.country ?? null,
  };
}

/**
 * A person as Apollo's search and match endpoints return one. In search results an email that is not
 * unlocked shows as the locked marker (`revealed` false); people/match reveals it.
 */
export function personView(
  index: PeopleIndex,
  n: number,
  options: { revealed: boolean; logoBaseUrl: string },
) {
  const company = index.companies[index.company[n] as number] as SandboxCompany;
  const first = FIRST_NAMES[index.firstName[n] as number] as string;
  const last = LAST_NAMES[index.lastName[n] as number] as string;
  const title = (TITLES[index.title[n] as number] as readonly [string, number])[0];
  const place = PLACES[index.place[n] as number];
  const state = index.emailState[n];
  const address = personEmail(index, n);
  const email = address === null ? null : options.revealed || state !== EMAIL_LOCKED ? address : LOCKED_EMAIL;
  return {
    id: personId(n),
    first_name: first,
    last_name: last,
    last_name_obfuscated: `${last.slice(0, 2)}***${last.slice(-1)}`,
    name: `${first} ${last}`,
    title,
    headline: `${title} at ${company.name}`,
    linkedin_url: `http://www.linkedin.com/in/${slug(first)}-${slug(last)}-${personId(n).slice(-6)}`,
    photo_url: null,
    email_status: address === null ? 'unavailable' : 'verified',
    email,
    has_email: address !== null,
    city: place?.city ?? null,
    state: place?.state ?? null,
    country: place?.country ?? null,
    organization_id: company.id,
    organization: organizationView(company, options.logoBaseUrl),
  };
}
export type SandboxPerson = ReturnType<typeof personView>;

/** The day every sandbox person was last refreshed (Apollo answers the time its data was last checked). */
const LAST_REFRESHED_AT = '2026-01-15T08:00:00.000+00:00';

/**
 * A person as Apollo's People API Search (mixed_people/api_search) returns one: the first name, an
 * obfuscated last name, the title, the employer's name and `has_*` flags in place of everything else.
 * The full name, the place, the employer's details and the email come only from people/match and
 * people/bulk_match, which spend a credit.
 */
export function searchPersonView(index: PeopleIndex, n: number) {
  const company = index.companies[index.company[n] as number] as SandboxCompany;
  const last = LAST_NAMES[index.lastName[n] as number] as string;
  const place = PLACES[index.place[n] as number];
  return {
    id: personId(n),
    first_name: FIRST_NAMES[index.firstName[n] as number] as string,
    last_name_obfuscated: `${last.slice(0, 2)}***${last.slice(-1)}`,
    title: (TITLES[index.title[n] as number] as readonly [string, number])[0],
    last_refreshed_at: LAST_REFRESHED_AT,
    has_email: index.emailState[n] !== EMAIL_NONE,
    has_city: Boolean(place?.city),
    has_state: Boolean(place?.state),
    has_country: Boolean(place?.country),
    has_direct_phone: 'Maybe: please request direct dial via people/bulk_match',
    organization: {
      name: company.name,
      has_industry: true,
      has_phone: true,
      has_city: Boolean(PLACES[company.place]?.city),
      has_state: Boolean(PLACES[company.place]?.state),
      has_country: Boolean(PLACES[company.place]?.country),
      has_zip_code: true,
      has_revenue: company.employees >= 11,
      has_employee_count: true,
    },
  };
}
export type SandboxSearchPerson = ReturnType<typeof searchPersonView>;

/** A small SVG logo with the company's initials, so result tables show a logo without any network. */
export function companyLogoSvg(company: SandboxCompany): string {
  const initials = company.name
    .split(' ')
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  const hue = Number.parseInt(company.id.slice(2, 6), 16) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="hsl(${hue},55%,45%)"/><text x="32" y="41" font-family="Arial,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
