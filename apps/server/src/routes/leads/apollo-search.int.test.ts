import type { IndustrySuggestion, Lead, LeadSearchResponse } from '@prospector/contracts';
import { LOCKED_EMAIL_MARKER } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { type LeadsApp, startLeadsApp } from './leads-test-kit';

let env: LeadsApp;
let me: SignedInClient;
beforeAll(async () => {
  env = await startLeadsApp();
  me = await signedInClient(env.app);
});
afterAll(() => env?.close());

const search = async (body: object) => {
  const response = await me.post('/api/apollo/leads-search', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadSearchResponse>();
};
/** The whole person behind a search result, as the sandbox's database holds it (no credit spent). */
const behind = (lead: Lead) => {
  const person = env.sandbox?.control.person(lead.id);
  if (!person) throw new Error(`no person ${lead.id}`);
  return person;
};
/** What Apollo's keyword search looks in: the title and the employer's name and industry. */
const keywordText = (lead: Lead) => {
  const person = behind(lead);
  return `${person.title} ${person.organization.name} ${person.organization.industry}`.toLowerCase();
};
const suggestions = async (query: string, filterType: string) =>
  (await me.post('/api/apollo/search', { query, filterType })).json<{ suggestions: unknown[] }>().suggestions;

async function industry(name: string): Promise<IndustrySuggestion> {
  const found = (await suggestions(name.slice(0, 6), 'industry')) as IndustrySuggestion[];
  const match = found.find((s) => s.name === name);
  if (!match) throw new Error(`no industry ${name}`);
  return match;
}

describe('type-ahead', () => {
  it('answers nothing under 2 characters, text for titles and locations, {id, name} for industries', async () => {
    expect(await suggestions('s', 'person_title')).toEqual([]);
    expect(await suggestions('  ', 'industry')).toEqual([]);
    expect(await suggestions('sal', 'person_title')).toContain('Sales Manager');
    // Whole words and acronyms before matches inside a word ("cto" in "Director").
    const cto = (await suggestions('cto', 'person_title')) as string[];
    expect(cto[0]).toBe('Chief Technology Officer');
    expect(cto.indexOf('Director of Operations')).toBeGreaterThan(0);
    expect(await suggestions('calif', 'location')).toContain('California, United States');
    const industries = (await suggestions('soft', 'industry')) as IndustrySuggestion[];
    // Industries come from the app's own LinkedIn list, named by themselves (no Apollo tag ids).
    expect(industries[0]).toEqual({ id: 'Computer Software', name: 'Computer Software' });
    expect((await suggestions('trucking', 'industry')) as IndustrySuggestion[]).toEqual([
      { id: 'Transportation/Trucking/Railroad', name: 'Transportation/Trucking/Railroad' },
    ]);
    const bad = await me.post('/api/apollo/search', { query: 'sal', filterType: 'company' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('lead search', () => {
  it('pages all 100,000 people 50 at a time', async () => {
    const first = await search({ page: 1 });
    expect(first.people).toHaveLength(50);
    expect(first.pagination).toEqual({ page: 1, per_page: 50, total_entries: 100_000, total_pages: 500 });
    const second = await search({ page: 2 });
    expect(second.pagination.page).toBe(2);
    const ids = new Set([...first.people, ...second.people].map((p) => p.id));
    expect(ids.size).toBe(100);
    // People API Search shows the first name, an obfuscated last name, the title and the employer's name.
    const lead = first.people[0] as Lead;
    const person = behind(lead);
    expect(lead).toMatchObject({
      id: lead.apolloId,
      name: `${person.first_name} ${person.last_name_obfuscated}`,
      title: person.title,
      organization: { name: person.organization.name, industry: null, logo_url: null },
      city: null,
    });
    expect(lead.last_name).toMatch(/\*\*\*/);
  });

  it('narrows with each filter, and the totals agree with the pages', async () => {
    const all = (await search({})).pagination.total_entries;
    const titles = await search({ personTitles: ['Sales Manager'] });
    const software = await industry('Computer Software');
    const narrowed = await search({
      personTitles: ['Sales Manager'],
      industries: [software.id],
      employeeCounts: ['51-100', '101-200'],
    });
    const located = await search({
      personTitles: ['Sales Manager'],
      industries: [software.id],
      employeeCounts: ['51-100', '101-200'],
      locations: ['United States'],
    });
    const totals = [all, titles, narrowed, located].map((r) =>
      typeof r === 'number' ? r : r.pagination.total_entries,
    );
    expect(totals[1]).toBeLessThan(totals[0] as number);
    expect(totals[2]).toBeLessThan(totals[1] as number);
    expect(totals[3]).toBeLessThan(totals[2] as number);
    expect(totals[3]).toBeGreaterThan(0);
    for (const lead of narrowed.people) {
      expect(lead.title?.toLowerCase()).toContain('sales manager');
      const person = behind(lead);
      expect(keywordText(lead)).toMatch(/computer.*software|software.*computer/);
      const size = person.organization.estimated_num_employees;
      expect(size >= 51 && size <= 200).toBe(true);
    }
    expect(located.people.every((p) => behind(p).country === 'United States')).toBe(true);
    const pages = located.pagination.total_pages;
    const last = await search({
      personTitles: ['Sales Manager'],
      industries: [software.id],
      employeeCounts: ['51-100', '101-200'],
      locations: ['United States'],
      page: pages,
    });
    expect((pages - 1) * 50 + last.people.length).toBe(located.pagination.total_entries);
  });

  it('filters where the person is or where the company has its headquarters', async () => {
    const contact = await search({ locations: ['Germany'], locationType: 'contact' });
    const account = await search({ locations: ['Germany'], locationType: 'account' });
    expect(contact.people.every((p) => behind(p).country === 'Germany')).toBe(true);
    expect(account.pagination.total_entries).not.toBe(contact.pagination.total_entries);
    expect(account.people.every((p) => behind(p).organization.country === 'Germany')).toBe(true);
    expect(account.people.some((p) => behind(p).country !== 'Germany')).toBe(true);
  });

  it('matches custom industry names as keywords', async () => {
    const keyword = await search({ industryNames: ['Biotechnology'] });
    expect(keyword.pagination.total_entries).toBeGreaterThan(0);
    expect(keyword.people.every((p) => keywordText(p).includes('biotechnology'))).toBe(true);
  });

  it('refuses bad filters with a 400', async () => {
    const range = await me.post('/api/apollo/leads-search', { employeeCounts: ['1-5'] });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain('Employee ranges are 1-10, 11-20');
    expect((await me.post('/api/apollo/leads-search', { page: 0 })).statusCode).toBe(400);
    expect((await me.post('/api/apollo/leads-search', { page: 501 })).statusCode).toBe(400);
  });
});

describe('reveal email', () => {
  it('reveals a locked email to the same address every time; a person without one has none', async () => {
    const people = (await search({ page: 3 })).people;
    const locked = people.find((p) => p.email === LOCKED_EMAIL_MARKER) as Lead;
    const reveal = (personId: string) => me.post('/api/apollo/reveal-email', { personId });
    const first = (await reveal(locked.id)).json<{ email: string; lead: Lead }>();
    expect(first.email).toMatch(/@/);
    expect(first.email.toLowerCase()).toContain((locked.first_name ?? '').toLowerCase());
    // The reveal also answers what search hid: the whole last name and the place.
    expect(locked.last_name).toContain('***');
    expect(first.lead).toMatchObject({ id: locked.id, first_name: locked.first_name, email: first.email });
    expect(first.lead.last_name).not.toContain('*');
    expect(first.lead.country).toBeTruthy();
    expect((await reveal(locked.id)).json()).toEqual(first);
    const without = people.find((p) => p.email === null) as Lead;
    expect((await reveal(without.id)).json()).toEqual({ message: 'No email available' });
    expect((await reveal('000000000000000000000000')).json()).toEqual({ message: 'No email available' });
    expect((await me.post('/api/apollo/reveal-email', {})).statusCode).toBe(400);
  });
});

describe('an email list search', () => {
  it("finds people matching the list's job title, industry and location", async () => {
    const list = await me.post('/api/personas', {
      name: 'US software sales',
      industry: 'Computer Software',
      jobTitle: 'Sales Manager',
      location: 'United States',
    });
    const id = list.json<{ id: string }>().id;
    const response = await me.post(`/api/personas/${id}/search-apollo`, { page: 1, per_page: 10 });
    const result = response.json<LeadSearchResponse>();
    expect(result.people).toHaveLength(10);
    expect(result.pagination.per_page).toBe(10);
    for (const lead of result.people) {
      expect(lead.title?.toLowerCase()).toContain('sales manager');
      expect(keywordText(lead)).toContain('software');
      expect(behind(lead).country).toBe('United States');
    }
    const other = await signedInClient(env.app);
    expect((await other.post(`/api/personas/${id}/search-apollo`, {})).statusCode).toBe(404);
    expect((await me.post('/api/personas/not-a-uuid/search-apollo', {})).statusCode).toBe(404);
  });
});

describe('the sandbox Apollo over HTTP', () => {
  it("answers Apollo's API under /sandbox/apollo and needs an X-Api-Key", async () => {
    const call = (headers: Record<string, string>) =>
      env.app.inject({
        method: 'POST',
        url: '/sandbox/apollo/api/v1/mixed_people/api_search',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { person_titles: ['founder'], per_page: 5 },
      });
    const answer = await call({ 'x-api-key': 'any-sandbox-key' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-minute-requests-left']).toBeDefined();
    const body = answer.json<{ people: { title: string }[]; pagination: { per_page: number } }>();
    expect(body.people).toHaveLength(5);
    expect(body.people.every((p) => p.title.toLowerCase().includes('founder'))).toBe(true);
    const anonymous = await call({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatch(/API key/);
  });
});

describe('without the sandbox', () => {
  it("asks for a key when the user has none: 'Add your Apollo API key in Integrations'", async () => {
    const offline = await startLeadsApp({ sandbox: false });
    try {
      const user = await signedInClient(offline.app);
      const response = await user.post('/api/apollo/leads-search', {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Add your Apollo API key in Integrations',
        code: 'BAD_REQUEST',
      });
      expect((await user.post('/api/apollo/search', { query: 'a', filterType: 'industry' })).json()).toEqual({
        suggestions: [],
      });
      const list = await user.list('No Apollo');
      const locked = { id: '6a1b2c3d4e5f60718293a4b5', name: 'Ada Park', email: LOCKED_EMAIL_MARKER };
      const selected = await user.post('/api/apollo/add-to-persona', { personaId: list, leads: [locked] });
      expect(selected.json()).toEqual({
        message: 'Add your Apollo API key in Integrations',
        code: 'BAD_REQUEST',
      });
      const all = await user.post('/api/apollo/add-all-to-persona', { personaId: list });
      expect(all.json().message).toBe('Add your Apollo API key in Integrations');
      expect(offline.queue.jobs).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
