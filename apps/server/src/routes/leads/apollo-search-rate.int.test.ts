import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/contact-test-kit';
import { LEAD_SEARCH_RATE_LIMITED, LEAD_SEARCHES_PER_USER } from './apollo-routes';
import { type LeadsApp, startLeadsApp } from './leads-test-kit';

let env: LeadsApp;
beforeAll(async () => {
  env = await startLeadsApp();
});
afterAll(() => env?.close());

const body = { personTitles: ['Founder'], page: 1 };

describe('Leads Finder searches, per user', () => {
  it("answers 429 with Retry-After past 30 searches a minute, a list's Apollo search included", async () => {
    const busy = await signedInClient(env.app);
    for (let search = 0; search < LEAD_SEARCHES_PER_USER.max; search++) {
      const response = await busy.post('/api/apollo/leads-search', body);
      expect(response.statusCode, response.body).toBe(200);
    }
    const listId = await busy.list('Founders');
    for (const refused of [
      await busy.post('/api/apollo/leads-search', body),
      await busy.post(`/api/personas/${listId}/search-apollo`, {}),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toBe(LEAD_SEARCH_RATE_LIMITED);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    const other = await signedInClient(env.app);
    expect((await other.post('/api/apollo/leads-search', body)).statusCode).toBe(200);

    env.clock.set(new Date(env.clock.now().getTime() + LEAD_SEARCHES_PER_USER.windowMs));
    expect((await busy.post('/api/apollo/leads-search', body)).statusCode).toBe(200);
  });
});
