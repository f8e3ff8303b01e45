import { BODY_TOO_DEEP } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUser } from '../routes/public-api/public-api-test-kit';
import { signedInClient } from '../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createClient, signUp } from '../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** `{"a":{"a":...}}` n levels deep, as JSON text. */
const nestedText = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
const contactWith = (metadata: string) =>
  `{"email":"deep-${Math.random()}@example.com","metadata":${metadata}}`;

describe('deeply nested JSON: a 400 with the reason, never a 500', () => {
  it("a contact's metadata 10,000 levels deep, in the app and in /api/v1", async () => {
    const browser = createClient(t.app);
    await signUp(browser);
    const { key } = await apiUser(t.app);
    const headers = { 'content-type': 'application/json' };
    const app = await browser.request({
      method: 'POST',
      url: '/api/contacts',
      headers,
      payload: contactWith(nestedText(10_000)),
    });
    expect([app.statusCode, app.json().message]).toEqual([400, BODY_TOO_DEEP]);
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { ...headers, authorization: `Bearer ${key.key}` },
      payload: contactWith(nestedText(10_000)),
    });
    expect(v1.statusCode).toBe(400);
    expect(JSON.stringify(v1.json())).toContain('nested too deeply');
  });

  it('metadata past its own cap names the field; within it, it is saved whole', async () => {
    const user = await signedInClient(t.app);
    const deep = await user.post('/api/contacts', JSON.parse(contactWith(nestedText(9))));
    expect([deep.statusCode, deep.json().message]).toEqual([
      400,
      'Metadata is nested too deeply (at most 8 levels)',
    ]);
    const big = await user.post('/api/contacts', {
      email: 'big@example.com',
      metadata: { note: 'x'.repeat(40_000) },
    });
    expect([big.statusCode, big.json().message]).toEqual([400, 'Metadata is too large (at most 32 KiB)']);
    const fine = await user.post('/api/contacts', JSON.parse(contactWith(nestedText(8))));
    expect(fine.statusCode).toBe(201);
    expect(fine.json().metadata).toMatchObject(JSON.parse(nestedText(8)));
  });

  it("a template's builder data past its cap", async () => {
    const user = await signedInClient(t.app);
    const response = await user.post('/api/templates', {
      name: 'Deep',
      subject: 'Deep',
      htmlBody: '<p>x</p>',
      builderJson: JSON.parse(nestedText(65)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BODY_TOO_DEEP);
  });
});
