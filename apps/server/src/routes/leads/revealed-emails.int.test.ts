import type { JobStatusResponse, Lead, LeadSearchResponse } from '@prospector/contracts';
import { LOCKED_EMAIL_MARKER } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { type LeadsApp, startLeadsApp } from './leads-test-kit';

let env: LeadsApp;
let me: SignedInClient;
let other: SignedInClient;
beforeAll(async () => {
  env = await startLeadsApp();
  me = await signedInClient(env.app);
  other = await signedInClient(env.app);
});
afterAll(() => env?.close());

const page = async (client: SignedInClient, body: object) => {
  const response = await client.post('/api/apollo/leads-search', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadSearchResponse>().people;
};
const emailOf = (people: Lead[], id: string) => people.find((p) => p.id === id)?.email;
const credits = () => env.sandbox?.control.creditsConsumed() ?? Number.NaN;

describe('revealed emails', () => {
  it('are kept per user, shown by later searches, and never paid for twice', async () => {
    const filters = { personTitles: ['Account Executive'], page: 2 };
    const people = await page(me, filters);
    const [first, second] = people.filter((p) => p.email === LOCKED_EMAIL_MARKER) as [Lead, Lead];

    const before = credits();
    const revealed = (await me.post('/api/apollo/reveal-email', { personId: first.id })).json<{
      email: string;
    }>();
    expect(revealed.email).toMatch(/@/);
    expect(credits()).toBe(before + 1);
    // Revealing again (a second click, another tab) answers from what was kept.
    expect((await me.post('/api/apollo/reveal-email', { personId: first.id })).json()).toEqual(revealed);
    expect(credits()).toBe(before + 1);

    // After a reload the search shows the address; another user still sees it locked.
    expect(emailOf(await page(me, filters), first.id)).toBe(revealed.email);
    expect(emailOf(await page(other, filters), first.id)).toBe(LOCKED_EMAIL_MARKER);

    // An import of both, sent as locked (a page loaded before the reveal): only the second is revealed.
    const list = await me.list('Account executives');
    const started = await me.post('/api/apollo/add-to-persona', { personaId: list, leads: [first, second] });
    expect(started.statusCode, started.body).toBe(200);
    await env.runImports();
    const job = (
      await me.get(`/api/jobs/${started.json<{ jobId: string }>().jobId}`)
    ).json<JobStatusResponse>();
    expect(job.progress).toMatchObject({ added: 2, revealed: 1 });
    expect(credits()).toBe(before + 2);
    const saved = await env.listContacts(list);
    expect(saved.find((c) => c.apolloId === first.id)?.email).toBe(revealed.email);

    // The lead revealed by the import shows its address too.
    const again = await page(me, filters);
    expect(emailOf(again, second.id)).toBe(saved.find((c) => c.apolloId === second.id)?.email);
    expect(emailOf(await page(other, filters), second.id)).toBe(LOCKED_EMAIL_MARKER);
  });
});
