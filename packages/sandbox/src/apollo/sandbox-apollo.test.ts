import { LINKEDIN_INDUSTRIES } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { createSandboxApollo, INSUFFICIENT_CREDITS } from './index';
import { buildPeopleIndex } from './people-index';

const clock = { time: Date.parse('2025-05-01T09:00:00Z'), now: () => new Date(clock.time) };
const apollo = createSandboxApollo({ clock, baseUrl: 'http://localhost:3000/sandbox/apollo' });
const KEY = { 'x-api-key': 'sandbox-test-key' };

interface SearchBody {
  total_entries: number;
  people: { id: string; title: string; has_email: boolean; organization: { name: string } }[];
}
interface MatchedPerson {
  id: string;
  name: string;
  title: string;
  email: string | null;
  organization: { name: string; industry: string; estimated_num_employees: number };
}

function post(path: string, body: object, headers: Record<string, string> = KEY) {
  return apollo.handle({ method: 'POST', path, query: {}, headers, body });
}
const search = (body: object) => post('/api/v1/mixed_people/api_search', body).body as SearchBody;

describe('sandbox Apollo people database', () => {
  it('holds 100,000 people, the same ones in every build', () => {
    expect(apollo.control.peopleCount).toBe(100_000);
    const a = buildPeopleIndex(5000);
    const b = buildPeopleIndex(5000);
    expect(Buffer.from(a.title)).toEqual(Buffer.from(b.title));
    expect(a.companies.map((c) => c.name)).toEqual(b.companies.map((c) => c.name));
    expect(new Set(a.companies.map((c) => c.domain)).size).toBe(a.companies.length);
  });

  it('filters by title, industry, size and location, and each filter narrows the result', () => {
    const all = search({ per_page: 50 }).total_entries;
    const sales = search({ person_titles: ['sales manager'], per_page: 50 });
    expect(sales.total_entries).toBeGreaterThan(1000);
    expect(sales.total_entries).toBeLessThan(all);
    expect(sales.people.every((p) => p.title.toLowerCase().includes('sales manager'))).toBe(true);
    const narrowed = search({
      person_titles: ['sales manager'],
      q_keywords: 'Computer Software',
      organization_num_employees_ranges: ['51,100', '101,200'],
      person_locations: ['United States'],
      per_page: 50,
    });
    expect(narrowed.total_entries).toBeGreaterThan(0);
    expect(narrowed.total_entries).toBeLessThan(sales.total_entries);
    for (const { id } of narrowed.people) {
      const person = (post('/api/v1/people/match', { id }).body as { person: MatchedPerson }).person;
      const words =
        `${person.title} ${person.organization.name} ${person.organization.industry}`.toLowerCase();
      expect(words).toContain('computer');
      expect(words).toContain('software');
      expect(person.organization.estimated_num_employees).toBeGreaterThanOrEqual(51);
      expect(person.organization.estimated_num_employees).toBeLessThanOrEqual(200);
    }
  });

  it('searches keywords as Apollo does: every word must be in the title or the employer', () => {
    const software = search({ q_keywords: 'computer software', per_page: 100 });
    const banking = search({ q_keywords: 'banking', per_page: 1 });
    const both = search({ q_keywords: 'computer software banking', per_page: 1 });
    expect(software.total_entries).toBeGreaterThan(1000);
    expect(banking.total_entries).toBeGreaterThan(100);
    // Several industries as keywords narrow the search rather than widen it.
    expect(both.total_entries).toBeLessThan(Math.min(software.total_entries, banking.total_entries) / 10);
  });

  it("uses only industries of the app's LinkedIn list, so a picked industry can match", () => {
    const known = new Set<string>(LINKEDIN_INDUSTRIES);
    expect(apollo.control.industries().filter((industry) => !known.has(industry.name))).toEqual([]);
  });

  it('pages consistently: the pages add up to the total without repeats', () => {
    const first = search({ person_titles: ['vp of marketing'], per_page: 100 });
    const ids = new Set<string>();
    for (let page = 1; page <= Math.ceil(first.total_entries / 100); page++) {
      for (const person of search({ person_titles: ['vp of marketing'], per_page: 100, page }).people) {
        ids.add(person.id);
      }
    }
    expect(ids.size).toBe(first.total_entries);
  });

  it('searches as People API Search does: first name, obfuscated last name, title, employer name, flags', () => {
    const [person] = search({ per_page: 1 }).people;
    expect(Object.keys(person ?? {}).sort()).toEqual(
      [
        'first_name',
        'has_city',
        'has_country',
        'has_direct_phone',
        'has_email',
        'has_state',
        'id',
        'last_name_obfuscated',
        'last_refreshed_at',
        'organization',
        'title',
      ].sort(),
    );
    expect(person?.organization).not.toHaveProperty('industry');
    expect(person?.organization.name).toEqual(expect.any(String));
    expect(JSON.stringify(person)).not.toMatch(/@|linkedin|"city"|"email"/);
  });

  it('searches 100,000 people in milliseconds once built', () => {
    search({ per_page: 1 });
    const started = performance.now();
    for (let i = 0; i < 20; i++) search({ person_titles: [`manager ${i}`, 'director'], per_page: 50 });
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });

  it('shows no emails in search, reveals them to a stable address, and has some people without any', () => {
    const page = search({ per_page: 100 }).people;
    const locked = page.filter((p) => p.has_email);
    expect(locked.length).toBeGreaterThan(50);
    expect(page.some((p) => !p.has_email)).toBe(true);
    const person = locked[0];
    const first = post('/api/v1/people/match', { id: person?.id }).body as { person: { email: string } };
    const again = post('/api/v1/people/match', { id: person?.id }).body as { person: { email: string } };
    expect(first.person.email).toMatch(/^[a-z]+\.[a-z]+\d*@[a-z0-9]+\.(com|io|co\.uk)$/);
    expect(again.person.email).toBe(first.person.email);
    const bulk = post('/api/v1/people/bulk_match', {
      details: locked.slice(0, 10).map((p) => ({ id: p.id })),
    });
    expect((bulk.body as { matches: unknown[] }).matches).toHaveLength(10);
    expect(post('/api/v1/people/bulk_match', { details: [] }).status).toBe(422);
  });

  it('bills one credit per person revealed to the key that asked, and refuses past its credits', () => {
    const apolloWithCredits = createSandboxApollo({
      clock,
      baseUrl: 'http://x',
      peopleCount: 100,
      creditsPerKey: 3,
    });
    const reveal = (key: string, ids: string[]) =>
      apolloWithCredits.handle({
        method: 'POST',
        path: '/api/v1/people/bulk_match',
        query: {},
        headers: { 'x-api-key': key },
        body: { details: ids.map((id) => ({ id })) },
      });
    const ids = (
      apolloWithCredits.handle({
        method: 'POST',
        path: '/api/v1/mixed_people/api_search',
        query: {},
        headers: { 'x-api-key': 'a' },
        body: { per_page: 4 },
      }).body as SearchBody
    ).people.map((p) => p.id);
    expect(reveal('a', ids.slice(0, 2)).status).toBe(200);
    expect(apolloWithCredits.control.creditsConsumed('a')).toBe(2);
    expect(reveal('a', ids.slice(2, 4))).toMatchObject({
      status: 422,
      body: { error: INSUFFICIENT_CREDITS },
    });
    expect(apolloWithCredits.control.creditsConsumed('a')).toBe(2);
    expect(reveal('b', ids.slice(2, 4)).status).toBe(200);
    expect(apolloWithCredits.control.creditsConsumed()).toBe(4);
  });

  it('needs a key, rejects bad ones and bad parameters with Apollo error bodies', () => {
    expect(post('/api/v1/mixed_people/api_search', {}, {}).status).toBe(401);
    const rejected = post('/api/v1/mixed_people/api_search', {}, { 'x-api-key': 'invalid-key' });
    expect(rejected).toMatchObject({ status: 401, body: { error: 'Invalid access credentials.' } });
    expect(post('/api/v1/mixed_people/api_search', { page: 501 }).status).toBe(422);
    expect(post('/api/v1/mixed_people/api_search', { organization_num_employees_ranges: ['x'] }).status).toBe(
      422,
    );
  });

  it('suggests titles, locations and industries', () => {
    const tags = (kind: string, q: string) =>
      (
        post('/api/v1/tags/search', { kind, q_tag_fuzzy_name: q }).body as {
          tags: { cleaned_name: string }[];
        }
      ).tags;
    expect(tags('person_title', 'sal').map((t) => t.cleaned_name)).toContain('Sales Manager');
    expect(tags('location', 'calif').map((t) => t.cleaned_name)).toContain('California, United States');
    expect(tags('linkedin_industry', 'soft')[0]?.cleaned_name).toBe('Computer Software');
  });

  it('answers 429 with Retry-After past its per-minute limit, and serves again next minute', () => {
    const limited = createSandboxApollo({
      clock,
      baseUrl: 'http://x',
      peopleCount: 100,
      requestsPerMinute: 2,
    });
    const call = () =>
      limited.handle({
        method: 'POST',
        path: '/api/v1/mixed_people/api_search',
        query: {},
        headers: KEY,
        body: {},
      });
    expect(call().status).toBe(200);
    expect(call().headers?.['x-minute-requests-left']).toBe('0');
    const refused = call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(0);
    clock.time += Number(refused.headers?.['retry-after']) * 1000;
    expect(call().status).toBe(200);
  });
});
