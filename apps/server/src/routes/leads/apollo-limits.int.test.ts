import type { JobStatusResponse, LeadSearchResponse } from '@prospector/contracts';
import { APOLLO_NOT_MASTER_KEY, encryptSecret, runLeadImportJob } from '@prospector/core';
import { workspaces } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { type LeadsApp, startLeadsApp } from './leads-test-kit';

/** The hourly limit the import runs against; the user's own searches spend most of the hour's calls first. */
const PER_HOUR = 500;
const SEARCHES_BEFORE = 400;

let env: LeadsApp;
beforeAll(async () => {
  env = await startLeadsApp({ requestsPerHour: PER_HOUR });
});
afterAll(() => env?.close());

const job = async (client: SignedInClient, id: string) => {
  const response = await client.get(`/api/jobs/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JobStatusResponse>();
};

describe("Apollo's hourly limit", () => {
  it('an add-all of 2,000+ leads waits for each new hour as a job that resumes, and adds every lead once', async () => {
    env.clock.set(new Date('2025-05-01T14:20:00Z'));
    const user = await signedInClient(env.app);
    const list = await user.list('Founders');
    const filters = { personTitles: ['Founder'] };
    const total = env.sandbox!.control.countMatching({ person_titles: ['Founder'] });
    expect(total).toBeGreaterThanOrEqual(2000);
    // An afternoon of searching with the same key: 400 of the hour's 500 calls are spent before the import.
    const key = env.core.apollo?.sandbox?.apiKey as string;
    for (let page = 1; page <= SEARCHES_BEFORE; page++) {
      const search = env.sandbox!.handle({
        method: 'POST',
        path: '/api/v1/mixed_people/api_search',
        query: {},
        headers: { 'x-api-key': key },
        body: { page, per_page: 1 },
      });
      expect(search.status).toBe(200);
    }
    const started = await user.post('/api/apollo/add-all-to-persona', { personaId: list, ...filters });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json<{ jobId: string }>().jobId;
    env.queue.jobs.splice(0);

    const waits: string[] = [];
    for (let run = 0; run < 20; run++) {
      const { resumeAt } = await runLeadImportJob(env.core, { jobId });
      if (!resumeAt) break;
      const waiting = await job(user, jobId);
      expect(waiting.status).toBe('pending');
      expect(resumeAt.getTime() % 3_600_000).toBe(0);
      expect(waiting.waiting).toBe(
        `Waiting for Apollo's hourly limit, resumes at ${resumeAt.toISOString().slice(11, 16)} UTC`,
      );
      waits.push(waiting.waiting!);
      env.clock.set(resumeAt);
    }
    expect(waits[0]).toBe("Waiting for Apollo's hourly limit, resumes at 15:00 UTC");
    expect(waits.length).toBeGreaterThanOrEqual(1);

    const done = await job(user, jobId);
    expect(done.status, done.error ?? '').toBe('completed');
    expect(done.waiting).toBeNull();
    const { added, skippedDuplicates, skippedNoEmail, processed } = done.progress;
    expect(processed).toBe(total);
    expect(added + skippedDuplicates + skippedNoEmail).toBe(total);
    expect(skippedDuplicates).toBe(0);
    const saved = await env.listContacts(list);
    expect(saved).toHaveLength(added);
    expect(new Set(saved.map((c) => c.apolloId)).size).toBe(added);
  });
});

describe('Apollo keys that are not master keys', () => {
  it('are refused when saved, and a stored one gets the master-key message on search', async () => {
    const user = await signedInClient(env.app);
    const saved = await user.put('/api/integrations/apollo', { apiKey: 'nonmaster-key-1234' });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe(`Failed to save API key: ${APOLLO_NOT_MASTER_KEY}`);
    expect(APOLLO_NOT_MASTER_KEY).toContain('Settings, Integrations, API');
    expect(APOLLO_NOT_MASTER_KEY).toContain('"Set as master key"');

    await env.database.db
      .update(workspaces)
      .set({ apolloApiKey: encryptSecret('nonmaster-key-5678', env.core.appSecret as string) })
      .where(eq(workspaces.id, user.workspaceId));
    const search = await user.post('/api/apollo/leads-search', {});
    expect(search.statusCode).toBe(400);
    expect(search.json<LeadSearchResponse & { message: string }>().message).toBe(APOLLO_NOT_MASTER_KEY);
  });
});
