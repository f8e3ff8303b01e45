import type { Lead, LeadSearchResponse } from '@prospector/contracts';
import { APOLLO_OUT_OF_CREDITS } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { type LeadsApp, startLeadsApp } from './leads-test-kit';

/** A sandbox Apollo whose key can pay for two reveals. */
let env: LeadsApp;
let me: SignedInClient;
beforeAll(async () => {
  env = await startLeadsApp({ creditsPerKey: 2 });
  me = await signedInClient(env.app);
});
afterAll(() => env?.close());

describe('Apollo credits', () => {
  it('a reveal past the last credit says "Out of Apollo credits" and keeps nothing; a paid one still shows', async () => {
    const search = await me.post('/api/apollo/leads-search', { personTitles: ['Product Manager'] });
    const locked = search
      .json<LeadSearchResponse>()
      .people.filter((lead) => lead.email !== null)
      .slice(0, 3) as Lead[];
    expect(locked).toHaveLength(3);
    const reveal = (lead: Lead) => me.post('/api/apollo/reveal-email', { personId: lead.id });

    for (const lead of locked.slice(0, 2)) expect((await reveal(lead)).json().email).toMatch(/@/);
    const refused = await reveal(locked[2] as Lead);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(APOLLO_OUT_OF_CREDITS);
    expect(env.sandbox?.control.creditsConsumed()).toBe(2);

    // Nothing was kept for the refused reveal: the next search still shows it locked.
    const again = await me.post('/api/apollo/leads-search', { personTitles: ['Product Manager'] });
    const shown = again.json<LeadSearchResponse>().people;
    expect(shown.find((lead) => lead.id === locked[2]?.id)?.email).toBe('email_not_unlocked@domain.com');
    expect(shown.find((lead) => lead.id === locked[0]?.id)?.email).toMatch(/@/);
  });
});
