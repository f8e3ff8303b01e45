import { json, type SandboxRequest, type SandboxResponse } from '../google/http';
import { type PeopleIndex, peopleIndex, personNumber } from './people-index';
import { createSearchCache, suggest } from './people-search';
import { companyLogoSvg, personView, searchPersonView } from './person-view';
import { createRateWindow } from './rate-window';
import { InvalidParams, integer, params, peopleFilters } from './request-params';

export { inProcessApolloFetch } from './in-process-fetch';
export { LOCKED_EMAIL, personEmail } from './person-view';

export interface SandboxApolloOptions {
  clock: { now(): Date };
  /** Public URL the sandbox is served at, e.g. `http://localhost:3000/sandbox/apollo` (for logo URLs). */
  baseUrl: string;
  /** Size of the generated people database; 100,000 unless set. */
  peopleCount?: number;
  /** Calls each API key may make per minute before getting 429. */
  requestsPerMinute?: number;
  requestsPerHour?: number;
  requestsPerDay?: number;
  /** Credits each API key may spend on people/match and people/bulk_match before Apollo refuses. */
  creditsPerKey?: number;
}

export const SANDBOX_APOLLO_PEOPLE = 100_000;
export const SANDBOX_APOLLO_REQUESTS_PER_MINUTE = 6000;
export const SANDBOX_APOLLO_REQUESTS_PER_HOUR = 100_000;
export const SANDBOX_APOLLO_REQUESTS_PER_DAY = 1_000_000;
export const SANDBOX_APOLLO_CREDITS_PER_KEY = 1_000_000;
/** Apollo's answer (422) to a reveal when the account has no credits left. */
export const INSUFFICIENT_CREDITS = 'Insufficient credits. Please upgrade your plan.';
/** Apollo serves at most 500 pages of up to 100 people. */
const MAX_PAGE = 500;
const MAX_PER_PAGE = 100;
const BULK_MATCH_MAX = 10;

const apolloError = (status: number, error: string) => json(status, { error });

/** The sandbox rejects keys that begin with this, so a rejected key can be tried without Apollo. */
export const SANDBOX_REJECTED_KEY_PREFIX = 'invalid';
/** Sandbox keys that behave as Apollo's keys not set as master keys: People API Search refuses them. */
export const SANDBOX_NON_MASTER_KEY_PREFIX = 'nonmaster-';
const SEARCH_PATHS = new Set(['/api/v1/mixed_people/api_search', '/api/v1/mixed_people/search']);

/**
 * The built-in Apollo: people search (mixed_people/api_search), people/match, people/bulk_match and
 * tags/search over a generated, deterministic database of people, speaking Apollo's wire protocol
 * (X-Api-Key, its error bodies, rate-limit headers). `handle` serves HTTP below the mount point.
 */
export function createSandboxApollo(options: SandboxApolloOptions) {
  const count = options.peopleCount ?? SANDBOX_APOLLO_PEOPLE;
  // Built on the first call, so starting the app does not wait for it.
  let database: { index: PeopleIndex; search: ReturnType<typeof createSearchCache> } | undefined;
  const db = () => {
    if (!database) {
      const index = peopleIndex(count);
      database = { index, search: createSearchCache(index) };
    }
    return database;
  };
  const rate = createRateWindow(options.clock, {
    perMinute: options.requestsPerMinute ?? SANDBOX_APOLLO_REQUESTS_PER_MINUTE,
    perHour: options.requestsPerHour ?? SANDBOX_APOLLO_REQUESTS_PER_HOUR,
    perDay: options.requestsPerDay ?? SANDBOX_APOLLO_REQUESTS_PER_DAY,
  });
  const logoBaseUrl = options.baseUrl.replace(/\/+$/, '');

  function peopleSearch(input: Record<string, unknown>) {
    const page = integer(input.page, 'page', 1, 1, MAX_PAGE);
    const perPage = integer(input.per_page, 'per_page', 10, 1, MAX_PER_PAGE);
    const { index, search } = db();
    const found = search(peopleFilters(input));
    const total = found ? found.length : index.count;
    const people = [];
    for (let at = (page - 1) * perPage; at < Math.min(total, page * perPage); at++) {
      people.push(searchPersonView(index, found ? (found[at] as number) : at));
    }
    return json(200, { total_entries: total, people });
  }

  const match = (id: unknown) => {
    const { index } = db();
    const n = typeof id === 'string' ? personNumber(id, index.count) : undefined;
    return n === undefined ? null : personView(index, n, { revealed: true, logoBaseUrl });
  };
  /** Credits spent per API key on people/match and people/bulk_match: one per person found, as Apollo bills. */
  const creditsSpent = new Map<string, number>();
  const creditsPerKey = options.creditsPerKey ?? SANDBOX_APOLLO_CREDITS_PER_KEY;
  /** The people found for these ids, billed to the key; null when the key cannot pay for all of them. */
  const billedMatches = (key: string, ids: unknown[]) => {
    const people = ids.map(match);
    const cost = people.filter((person) => person !== null).length;
    const spent = creditsSpent.get(key) ?? 0;
    if (cost > 0 && spent + cost > creditsPerKey) return null;
    creditsSpent.set(key, spent + cost);
    return people;
  };
  const outOfCredits = () => apolloError(422, INSUFFICIENT_CREDITS);

  function personMatch(key: string, input: Record<string, unknown>) {
    const people = billedMatches(key, [input.id]);
    return people ? json(200, { person: people[0] }) : outOfCredits();
  }

  function bulkMatch(key: string, input: Record<string, unknown>) {
    const details = Array.isArray(input.details) ? input.details : [];
    if (details.length === 0 || details.length > BULK_MATCH_MAX) {
      throw new InvalidParams(`details must hold between 1 and ${BULK_MATCH_MAX} people`);
    }
    const matches = billedMatches(
      key,
      details.map((detail) => (detail as { id?: unknown } | null)?.id),
    );
    if (!matches) return outOfCredits();
    const found = matches.filter((person) => person !== null).length;
    return json(200, {
      status: 'success',
      matches,
      unique_enriched_records: found,
      missing_records: matches.length - found,
      credits_consumed: found,
    });
  }

  function tags(input: Record<string, unknown>) {
    const text = typeof input.q_tag_fuzzy_name === 'string' ? input.q_tag_fuzzy_name : '';
    const kind = typeof input.kind === 'string' ? input.kind : 'linkedin_industry';
    if (!['linkedin_industry', 'person_title', 'location'].includes(kind)) {
      throw new InvalidParams(`Unknown tag kind: ${kind}`);
    }
    const perPage = integer(input.per_page, 'per_page', 10, 1, MAX_PER_PAGE);
    const found = text.trim() ? suggest(db().index, kind, text, perPage) : [];
    return json(200, {
      tags: found.map((tag) => ({ id: tag.id, cleaned_name: tag.name, display_name: tag.name, kind })),
    });
  }

  function route(key: string, method: string, path: string, input: Record<string, unknown>): SandboxResponse {
    if (
      method === 'POST' &&
      (path === '/api/v1/mixed_people/api_search' || path === '/api/v1/mixed_people/search')
    ) {
      return peopleSearch(input);
    }
    if (method === 'POST' && path === '/api/v1/people/match') return personMatch(key, input);
    if (method === 'POST' && path === '/api/v1/people/bulk_match') return bulkMatch(key, input);
    if ((method === 'POST' || method === 'GET') && path === '/api/v1/tags/search') return tags(input);
    return apolloError(404, 'The page you were looking for does not exist');
  }

  function handle(request: SandboxRequest): SandboxResponse {
    const logo = /^\/logos\/([0-9a-f]{24})\.svg$/.exec(request.path);
    if (request.method === 'GET' && logo) {
      const company = db().index.companies.find((c) => c.id === logo[1]);
      if (!company) return apolloError(404, 'Not found');
      const headers = { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' };
      return { status: 200, headers, body: companyLogoSvg(company) };
    }
    const header = request.headers['x-api-key'];
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key) return apolloError(401, 'You did not provide an API key. Send it in the X-Api-Key header.');
    if (key.toLowerCase().startsWith(SANDBOX_REJECTED_KEY_PREFIX)) {
      return apolloError(401, 'Invalid access credentials.');
    }
    if (key.toLowerCase().startsWith(SANDBOX_NON_MASTER_KEY_PREFIX) && SEARCH_PATHS.has(request.path)) {
      return json(403, {
        error: `${request.path.replace(/^\//, '')} is not accessible with this api_key`,
        error_code: 'API_INACCESSIBLE',
      });
    }
    const limit = rate(key);
    if (limit.refused) {
      const message = `The maximum number of api calls allowed for ${request.path.replace(/^\//, '')} is ${limit.refused.limit} times per ${limit.refused.per}. Please try again later.`;
      return { ...apolloError(429, message), headers: limit.headers };
    }
    try {
      return { ...route(key, request.method, request.path, params(request)), headers: limit.headers };
    } catch (error) {
      if (error instanceof InvalidParams)
        return { ...apolloError(422, error.message), headers: limit.headers };
      throw error;
    }
  }

  /** For tests and demos: the database behind the endpoints. */
  const control = {
    peopleCount: count,
    industries: () => db().index.industries,
    /** Everyone matching filters given in Apollo's parameters, without paging or rate limits. */
    countMatching: (input: Record<string, unknown>) => db().search(peopleFilters(input))?.length ?? count,
    person: (id: string) => match(id),
    /** Credits spent by one key, or by all keys together. */
    creditsConsumed: (key?: string) =>
      key === undefined
        ? [...creditsSpent.values()].reduce((sum, spent) => sum + spent, 0)
        : (creditsSpent.get(key) ?? 0),
  };

  return { handle, control };
}
export type SandboxApollo = ReturnType<typeof createSandboxApollo>;
