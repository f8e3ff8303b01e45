import { leadFiltersSchema } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import {
  APOLLO_NOT_MASTER_KEY,
  APOLLO_OUT_OF_CREDITS,
  ApolloRateLimitError,
  createApolloClient,
  rateLimitWindow,
} from './apollo-client';
import { INTERACTIVE_APOLLO_RETRY } from './apollo-settings';
import { apolloSearchParams } from './apollo-wire';
import apiSearch from './fixtures/api-search.json';
import bulkMatch from './fixtures/bulk-match.json';
import error401 from './fixtures/error-401.json';
import error422 from './fixtures/error-422.json';
import error429 from './fixtures/error-429.json';
import mixedPeopleSearch from './fixtures/mixed-people-search.json';
import peopleMatch from './fixtures/people-match.json';
import tagsSearch from './fixtures/tags-search.json';

const KEY = 'live-key-abcdef123456';
const BASE = 'https://api.apollo.example';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A fetch that answers from a script of recorded responses (or throws for a network failure). */
function scriptedFetch(script: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body ?? '{}')),
    });
    const next = script.shift();
    if (!next) throw new Error('no scripted response left');
    if (next instanceof Error) throw next;
    return next;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function client(script: (Response | Error)[], now = Date.parse('2025-05-01T09:00:20Z')) {
  const scripted = scriptedFetch(script);
  const sleeps: number[] = [];
  const apollo = createApolloClient(
    { baseUrl: `${BASE}/`, apiKey: KEY },
    {
      fetch: scripted.fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      retry: INTERACTIVE_APOLLO_RETRY,
      now: () => now,
    },
  );
  return { apollo, calls: scripted.calls, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Apollo client: requests', () => {
  it('POSTs JSON to /api/v1/... with the key only in the X-Api-Key header', async () => {
    const { apollo, calls } = client([reply(200, apiSearch)]);
    await apollo.searchPeople({ page: 1, per_page: 50, person_titles: ['sales director'] });
    const [call] = calls;
    expect(call?.url).toBe(`${BASE}/api/v1/mixed_people/api_search`);
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('x-api-key')).toBe(KEY);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.url).not.toContain(KEY);
    expect(JSON.stringify(call?.body)).not.toContain(KEY);
    expect(call?.body).toEqual({ page: 1, per_page: 50, person_titles: ['sales director'] });
  });

  it("maps the app's filters to Apollo's search parameters", () => {
    const filters = leadFiltersSchema.parse({
      personTitles: ['Sales Manager'],
      locations: ['Berlin, Germany'],
      locationType: 'account',
      industries: ['Computer Software'],
      industryNames: ['fintech'],
      employeeCounts: ['1-10', '10001+'],
    });
    expect(apolloSearchParams(filters, 3, 50)).toEqual({
      page: 3,
      per_page: 50,
      person_titles: ['Sales Manager'],
      organization_locations: ['Berlin, Germany'],
      q_keywords: 'Computer Software fintech',
      organization_num_employees_ranges: ['1,10', '10001,10000000'],
    });
    const contact = apolloSearchParams(leadFiltersSchema.parse({ locations: ['Texas'] }), 1, 50);
    expect(contact).toEqual({ page: 1, per_page: 50, person_locations: ['Texas'] });
  });
});

describe('Apollo client: answers', () => {
  it('reads the current api_search shape: has_email becomes the locked marker, pagination is computed', async () => {
    const { apollo } = client([reply(200, apiSearch)]);
    const result = await apollo.searchPeople({ page: 1, per_page: 50 });
    expect(result.pagination).toEqual({ page: 1, per_page: 50, total_entries: 31993, total_pages: 500 });
    expect(result.people[0]).toMatchObject({
      id: '63519a6d6fa6ba00019200f8',
      apolloId: '63519a6d6fa6ba00019200f8',
      name: 'Chuck Po***r',
      last_name: 'Po***r',
      email: null,
      organization: { name: 'Vans', logo_url: null },
    });
    expect(result.people[1]?.email).toBe('email_not_unlocked@domain.com');
  });

  it('reads the people search shape with emails, locked markers and pagination', async () => {
    const { apollo } = client([reply(200, mixedPeopleSearch)]);
    const result = await apollo.searchPeople({ page: 2, per_page: 50 });
    expect(result.pagination).toEqual({ page: 2, per_page: 50, total_entries: 61234, total_pages: 500 });
    expect(result.people).toHaveLength(2);
    expect(result.people[0]).toEqual({
      id: '5f2a9c1e8b7d6a0001c3e4f5',
      apolloId: '5f2a9c1e8b7d6a0001c3e4f5',
      name: 'Dana Whitfield',
      first_name: 'Dana',
      last_name: 'Whitfield',
      title: 'Regional Sales Manager',
      headline: 'Regional Sales Manager at Northwind Traders',
      email: 'email_not_unlocked@domain.com',
      linkedin_url: 'http://www.linkedin.com/in/dana-whitfield',
      city: 'Austin',
      state: 'Texas',
      country: 'United States',
      organization: {
        id: '5e66b6381e05b4008c8331b8',
        name: 'Northwind Traders',
        logo_url: 'https://zenprospect-production.s3.amazonaws.com/uploads/pictures/northwind/picture',
        website_url: 'http://www.northwind.example',
        primary_domain: 'northwind.example',
        industry: 'wholesale',
        estimated_num_employees: 420,
      },
    });
    expect(result.people[1]).toMatchObject({ email: null, organization: null });
  });

  it('reveals through people/match and people/bulk_match (in the order asked, null where none)', async () => {
    const { apollo, calls } = client([
      reply(200, peopleMatch),
      reply(200, bulkMatch),
      reply(200, { person: null }),
    ]);
    expect((await apollo.matchPerson('5f2a9c1e8b7d6a0001c3e4f5'))?.email).toBe(
      'dana.whitfield@northwind.example',
    );
    const matches = await apollo.bulkMatch(['unknown', '5f2a9c1e8b7d6a0001c3e4f5']);
    expect(matches.map((m) => m?.email ?? null)).toEqual([null, 'dana.whitfield@northwind.example']);
    expect(await apollo.matchPerson('nobody')).toBeNull();
    expect(calls[0]).toMatchObject({
      url: `${BASE}/api/v1/people/match`,
      body: { id: '5f2a9c1e8b7d6a0001c3e4f5' },
    });
    expect(calls[1]?.body.details).toEqual([{ id: 'unknown' }, { id: '5f2a9c1e8b7d6a0001c3e4f5' }]);
  });

  it('reads tag suggestions', async () => {
    const { apollo, calls } = client([reply(200, tagsSearch)]);
    expect(await apollo.searchTags('person_title', 'sales')).toEqual([
      { id: 'sales manager', name: 'Sales Manager' },
      { id: 'sales director', name: 'Sales Director' },
    ]);
    expect(calls[0]?.body).toMatchObject({ q_tag_fuzzy_name: 'sales', kind: 'person_title' });
  });
});

describe('Apollo client: errors', () => {
  it("turns 401 into 'Apollo rejected the API key' with Apollo's reason, never the key", async () => {
    const { apollo, calls } = client([reply(401, error401)]);
    const error = await failure(apollo.searchPeople({}));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Apollo rejected the API key: Invalid access credentials.');
    expect(error.message).not.toContain(KEY);
    expect(calls).toHaveLength(1);
  });

  it("turns 422 into a validation error with Apollo's reason", async () => {
    const { apollo } = client([reply(422, error422)]);
    const error = await failure(apollo.searchPeople({}));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain("Value for 'organization_num_employees_ranges' is invalid");
  });

  it('waits as long as Retry-After asks on 429, then tries again', async () => {
    const { apollo, sleeps, calls } = client([
      reply(429, error429, { 'retry-after': '3', 'x-minute-requests-left': '0' }),
      reply(200, apiSearch),
    ]);
    await apollo.searchPeople({ page: 1, per_page: 2 });
    expect(sleeps).toEqual([3000]);
    expect(calls).toHaveLength(2);
  });

  it('without Retry-After, waits for the next minute when none are left', async () => {
    const { apollo, sleeps } = client([reply(429, error429, { 'x-minute-requests-left': '0' })]);
    // The clock reads 09:00:20: the minute window ends in 40 s, beyond the interactive wait of 10 s.
    expect((await failure(apollo.searchPeople({}))).code).toBe('RATE_LIMITED');
    expect(sleeps).toEqual([]);
    const patient = createApolloClient(
      { baseUrl: BASE, apiKey: KEY },
      {
        fetch: scriptedFetch([reply(429, error429, { 'x-minute-requests-left': '0' }), reply(200, apiSearch)])
          .fetch,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        retry: { attempts: 3, baseDelayMs: 1000, maxDelayMs: 65_000 },
        now: () => Date.parse('2025-05-01T09:00:20Z'),
      },
    );
    await patient.searchPeople({});
    expect(sleeps).toEqual([40_000]);
  });

  it('gives up on 429 with a clear message when the wait is too long or retries run out', async () => {
    const long = client([reply(429, error429, { 'retry-after': '120' })]);
    const error = await failure(long.apollo.searchPeople({}));
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Apollo rate limit reached. Please wait a minute and try again.',
    });
    expect(long.sleeps).toEqual([]);
    const repeated = client([reply(429, {}), reply(429, {}), reply(429, {})]);
    expect((await failure(repeated.apollo.searchPeople({}))).code).toBe('RATE_LIMITED');
    expect(repeated.sleeps).toEqual([1000, 2000]);
  });

  it("retries network failures and then answers 'Failed to connect to Apollo API'", async () => {
    const flaky = client([new TypeError('fetch failed'), reply(200, apiSearch)]);
    expect((await flaky.apollo.searchPeople({})).people).toHaveLength(2);
    const down = client([
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
    ]);
    const error = await failure(down.apollo.searchPeople({}));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', message: 'Failed to connect to Apollo API' });
    expect(down.sleeps).toEqual([1000, 2000]);
  });

  it('retries a 5xx, and reports one that persists', async () => {
    const recovering = client([reply(503, { error: 'Service unavailable' }), reply(200, apiSearch)]);
    expect((await recovering.apollo.searchPeople({})).people).toHaveLength(2);
    const broken = client([reply(500, {}), reply(500, {}), reply(500, { error: 'Internal error' })]);
    const error = await failure(broken.apollo.searchPeople({}));
    expect(error).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'Apollo API error (500): Internal error',
    });
  });
});

describe('keys, credits and the hourly and daily windows', () => {
  it('a 403 on people search is a key that is not a master key; a 402 is out of credits', async () => {
    const forbidden = reply(403, {
      error: 'api/v1/mixed_people/api_search is not accessible with this api_key',
      error_code: 'API_INACCESSIBLE',
    });
    const notMaster = await failure(client([forbidden]).apollo.searchPeople({ page: 1 }));
    expect(notMaster.message).toBe(APOLLO_NOT_MASTER_KEY);
    const broke = await failure(
      client([reply(402, { error: 'Insufficient credits' })]).apollo.matchPerson('p1'),
    );
    expect(broke.message).toBe(APOLLO_OUT_OF_CREDITS);
    const revoked = await failure(client([reply(403, { error: 'Forbidden' })]).apollo.matchPerson('p1'));
    expect(revoked.message).toBe('Apollo rejected the API key: Forbidden');
  });

  it('names the used-up window and when it resets', async () => {
    const now = Date.parse('2025-05-01T14:20:10Z');
    const headers = (left: Record<string, string>) => new Headers(left);
    expect(rateLimitWindow(headers({ 'x-minute-requests-left': '0' }), now)).toEqual({
      window: 'per-minute',
      resumeAt: Date.parse('2025-05-01T14:21:00Z'),
    });
    expect(
      rateLimitWindow(headers({ 'x-minute-requests-left': '0', 'x-hourly-requests-left': '0' }), now),
    ).toEqual({
      window: 'hourly',
      resumeAt: Date.parse('2025-05-01T15:00:00Z'),
    });
    expect(rateLimitWindow(headers({ 'x-24-hour-requests-left': '0', 'retry-after': '600' }), now)).toEqual({
      window: 'daily',
      resumeAt: now + 600_000,
    });
    const limited = reply(429, { error: 'limit' }, { 'x-hourly-requests-left': '0' });
    const error = await failure(client([limited], now).apollo.searchPeople({ page: 1 }));
    expect(error).toBeInstanceOf(ApolloRateLimitError);
    expect(error).toMatchObject({ window: 'hourly', resumeAt: new Date('2025-05-01T15:00:00Z') });
  });
});
