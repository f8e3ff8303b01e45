import type { JobStatusResponse, Lead, LeadSearchResponse } from '@prospector/contracts';
import { LOCKED_EMAIL_MARKER } from '@prospector/contracts';
import { encryptSecret, importApolloLeads } from '@prospector/core';
import { workspaces } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createClient, signUp } from '../../testing/test-client';
import { type LeadsApp, startLeadsApp } from './leads-test-kit';

let env: LeadsApp;
let me: SignedInClient;
beforeAll(async () => {
  env = await startLeadsApp();
  me = await signedInClient(env.app);
});
afterAll(() => env?.close());

const search = async (client: SignedInClient, body: object) =>
  (await client.post('/api/apollo/leads-search', body)).json<LeadSearchResponse>();
const job = async (client: SignedInClient, id: string) => {
  const response = await client.get(`/api/jobs/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JobStatusResponse>();
};
async function startImport(client: SignedInClient, url: string, body: object) {
  const response = await client.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ jobId: string }>().jobId;
}

describe('adding selected leads', () => {
  it('adds them through a job: contacts created with their Apollo data, locked emails revealed', async () => {
    const list = await me.list('Selected leads');
    const people = (await search(me, { personTitles: ['Marketing Manager'] })).people;
    // Search shows no email, only that one exists; one of the three was revealed by hand before.
    const picked = people.filter((p) => p.email === LOCKED_EMAIL_MARKER).slice(0, 3) as Lead[];
    expect(picked).toHaveLength(3);
    const byHand = await me.post('/api/apollo/reveal-email', { personId: picked[1]?.id });
    expect(byHand.json().email).toMatch(/@/);
    const jobId = await startImport(me, '/api/apollo/add-to-persona', { personaId: list, leads: picked });
    expect(await job(me, jobId)).toMatchObject({ status: 'pending', progress: { added: 0, total: 3 } });
    expect(await env.runImports()).toBe(1);
    const done = await job(me, jobId);
    expect(done).toMatchObject({ status: 'completed', error: null });
    expect(done.progress).toMatchObject({ added: 3, skipped: 0, revealed: 2, processed: 3 });
    const saved = await env.listContacts(list);
    expect(saved.map((c) => c.apolloId).sort()).toEqual(picked.map((p) => p.id).sort());
    for (const contact of saved) {
      expect(contact.email).not.toContain('email_not_unlocked');
      expect(contact.metadata).toEqual({ source: 'apollo' });
      expect(contact.organization?.industry).toBeTruthy();
      expect(contact.title).toContain('Marketing Manager');
      // The reveal (now or earlier) gave what search hides: the whole last name and the place.
      expect(contact.lastName).not.toContain('*');
      expect(contact.country).toBeTruthy();
    }

    // The same leads again: nothing new, each one a duplicate.
    const again = await startImport(me, '/api/apollo/add-to-persona', { personaId: list, leads: picked });
    await env.runImports();
    expect((await job(me, again)).progress).toMatchObject({
      added: 0,
      skipped: 3,
      skippedDuplicates: 3,
      revealed: 0,
    });
    // Into another list, the existing contacts are linked without another reveal.
    const second = await me.list('Second list');
    const linked = await startImport(me, '/api/apollo/add-to-persona', { personaId: second, leads: picked });
    await env.runImports();
    expect((await job(me, linked)).progress).toMatchObject({ added: 3, revealed: 0 });
    expect(await env.listContacts(second)).toHaveLength(3);
  });

  it("skips leads without an email, and refuses a selection with none: 'No valid emails'", async () => {
    const list = await me.list('Mixed');
    const people = (await search(me, { personTitles: ['Data Analyst'] })).people;
    const none = people.filter((p) => p.email === null).slice(0, 2);
    const some = people.find((p) => p.email === LOCKED_EMAIL_MARKER) as Lead;
    expect(none).toHaveLength(2);
    const refused = await me.post('/api/apollo/add-to-persona', { personaId: list, leads: none });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('No valid emails');
    const jobId = await startImport(me, '/api/apollo/add-to-persona', {
      personaId: list,
      leads: [...none, some],
    });
    await env.runImports();
    expect((await job(me, jobId)).progress).toMatchObject({ added: 1, skippedNoEmail: 2, skipped: 2 });
    const empty = await me.post('/api/apollo/add-to-persona', { personaId: list, leads: [] });
    expect(empty.json().message).toBe('Please select at least one lead');
  });

  it("keeps jobs and lists to their owner: another user's job or list is a 404", async () => {
    const list = await me.list('Mine');
    const lead = (await search(me, {})).people.find((p) => p.email) as Lead;
    const jobId = await startImport(me, '/api/apollo/add-to-persona', { personaId: list, leads: [lead] });
    const other = await signedInClient(env.app);
    expect((await other.get(`/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await other.get('/api/jobs/not-a-job')).statusCode).toBe(404);
    const intoMine = await other.post('/api/apollo/add-to-persona', { personaId: list, leads: [lead] });
    expect(intoMine.statusCode).toBe(404);
    const allIntoMine = await other.post('/api/apollo/add-all-to-persona', { personaId: list });
    expect(allIntoMine.statusCode).toBe(404);
    await env.runImports();
  });
});

describe('adding all results', () => {
  it('walks every page, reveals, skips what it must, and the counts add up to the total', async () => {
    const list = await me.list('All results');
    const filters = { personTitles: ['VP of Marketing'], locations: ['United States'] };
    const total = (await search(me, filters)).pagination.total_entries;
    expect(total).toBeGreaterThan(150);
    const jobId = await startImport(me, '/api/apollo/add-all-to-persona', { personaId: list, ...filters });
    await env.runImports();
    const done = await job(me, jobId);
    expect(done.status).toBe('completed');
    const { added, skippedDuplicates, skippedNoEmail, revealed, processed } = done.progress;
    expect(processed).toBe(total);
    expect(done.progress.total).toBe(total);
    expect(added + skippedDuplicates + skippedNoEmail).toBe(total);
    expect(skippedNoEmail).toBeGreaterThan(0);
    expect(revealed).toBeGreaterThan(added / 2);
    const saved = await env.listContacts(list);
    expect(saved).toHaveLength(added);
    expect(new Set(saved.map((c) => c.email.toLowerCase())).size).toBe(added);
  });

  it('waits out Apollo’s rate limit (429 with Retry-After) instead of failing', async () => {
    const limited = await startLeadsApp({ requestsPerMinute: 5 });
    try {
      const user = await signedInClient(limited.app);
      const list = await user.list('Rate limited');
      const jobId = await startImport(user, '/api/apollo/add-all-to-persona', {
        personaId: list,
        personTitles: ['Chief Revenue Officer'],
      });
      const before = limited.clock.now().getTime();
      await limited.runImports();
      const done = await job(user, jobId);
      expect(done.status, done.error ?? '').toBe('completed');
      expect(done.progress.added).toBeGreaterThan(0);
      // Apollo asked to wait for the next minute at least once, and the import did.
      expect(limited.sleeps.filter((ms) => ms >= 1000).length).toBeGreaterThan(3);
      expect(done.progress.processed).toBe(done.progress.total);
      expect(limited.clock.now().getTime() - before).toBeGreaterThanOrEqual(60_000 - (before % 60_000));

      // A search typed by the user does not wait a minute: it answers with a clear message.
      for (let i = 0; i < 6; i++) await user.post('/api/apollo/leads-search', { page: i + 1 });
      const refused = await user.post('/api/apollo/leads-search', {});
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Apollo rate limit reached. Please wait a minute and try again.');
    } finally {
      await limited.close();
    }
  });
});

describe("a user's own Apollo key", () => {
  it('is tried before it is saved, used for searches, and a rejection fails searches and imports', async () => {
    const client = createClient(env.app);
    const { user } = await signUp(client);
    const send = (method: 'PUT' | 'POST', url: string, body: object) =>
      client.request({ method, url, headers: { 'content-type': 'application/json' }, payload: body });
    const rejected = await send('PUT', '/api/integrations/apollo', { apiKey: 'invalid-key-1234' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toEqual({
      message: 'Failed to save API key: Invalid access credentials.',
      code: 'BAD_REQUEST',
    });
    expect((await client.get('/api/integrations/apollo')).json()).toMatchObject({ hasKey: false });
    const saved = await send('PUT', '/api/integrations/apollo', { apiKey: 'good-key-1234' });
    expect(saved.json()).toMatchObject({ success: true, hasKey: true, maskedKey: '••••••••1234' });
    expect((await send('POST', '/api/apollo/leads-search', {})).statusCode).toBe(200);

    // The key is revoked at Apollo later (the sandbox rejects keys that begin with "invalid").
    await env.database.db
      .update(workspaces)
      .set({ apolloApiKey: encryptSecret('invalid-now-revoked', env.core.appSecret as string) })
      .where(eq(workspaces.id, user.id));
    const search = await send('POST', '/api/apollo/leads-search', {});
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Apollo rejected the API key: Invalid access credentials.');
    const list = await send('POST', '/api/personas', {
      name: 'Revoked',
      industry: 'Software',
      jobTitle: 'CEO',
      location: 'Paris',
    });
    const started = await send('POST', '/api/apollo/add-all-to-persona', {
      personaId: list.json<{ id: string }>().id,
      personTitles: ['CEO'],
    });
    await env.runImports();
    const failed = (await client.get(`/api/jobs/${started.json<{ jobId: string }>().jobId}`)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Apollo rejected the API key: Invalid access credentials.',
    });
  });
});

describe('importApolloLeads (scheduled discovery)', () => {
  it('adds exactly `limit` new leads to every list, and only new people on the next run', async () => {
    const a = await me.list('Workflow A');
    const b = await me.list('Workflow B');
    const filters = { personTitles: ['Product Manager'], industryNames: ['Software'] };
    const first = await importApolloLeads(env.core, {
      workspaceId: me.workspaceId,
      personaIds: [a, b],
      filters,
      limit: 25,
    });
    expect(first).toMatchObject({ added: 25, pagesRead: 1 });
    expect(first.found).toBeGreaterThan(100);
    expect(first.revealed).toBeLessThanOrEqual(25);
    expect(await env.listContacts(a)).toHaveLength(25);
    expect(await env.listContacts(b)).toHaveLength(25);
    const second = await importApolloLeads(env.core, {
      workspaceId: me.workspaceId,
      personaIds: [a],
      filters,
      limit: 25,
    });
    expect(second.added).toBe(25);
    expect(second.skippedDuplicates).toBeGreaterThanOrEqual(25);
    const inA = await env.listContacts(a);
    expect(new Set(inA.map((c) => c.apolloId)).size).toBe(50);
    await expect(
      importApolloLeads(env.core, { workspaceId: me.workspaceId, personaIds: [], filters, limit: 5 }),
    ).rejects.toThrow('Please select at least one email list');
  });
});
