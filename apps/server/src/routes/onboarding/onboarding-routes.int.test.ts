import type { Onboarding, OnboardingStepKey } from '@prospector/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser } from '../../testing/engine-test-kit';
import { type Browser, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

async function onboarding(browser: Browser): Promise<Onboarding> {
  const response = await browser.get('/api/onboarding');
  expect(response.status).toBe(200);
  return response.json<Onboarding>();
}

/** The keys of the steps that are done, in the checklist's order. */
const doneSteps = (state: Onboarding): OnboardingStepKey[] =>
  state.steps.filter((step) => step.done).map((step) => step.key);

describe('GET /api/onboarding', () => {
  it('starts with four undone steps, in order, not dismissed', async () => {
    const browser = env.browser();
    await browser.signUp();
    expect(await onboarding(browser)).toEqual({
      steps: [
        { key: 'mailbox', done: false },
        { key: 'contacts', done: false },
        { key: 'template', done: false },
        { key: 'launch', done: false },
      ],
      dismissed: false,
    });
  });

  it('ticks each step as its data appears: mailbox, contact, template, launched sequence', async () => {
    const u = await engineUser(env);
    expect(doneSteps(await onboarding(u.browser))).toEqual(['mailbox']);

    const contact = await u.browser.post('/api/contacts', { email: 'emma.king@example.com' });
    expect(contact.status).toBe(201);
    expect(doneSteps(await onboarding(u.browser))).toEqual(['mailbox', 'contacts']);

    const template = await u.browser.post('/api/templates', {
      name: 'Intro',
      subject: 'Hi {{first_name}}',
      htmlBody: '<p>Hello</p>',
    });
    expect(template.status).toBe(201);
    expect(doneSteps(await onboarding(u.browser))).toEqual(['mailbox', 'contacts', 'template']);

    // A sequence that exists but was never launched does not count.
    await u.sequence();
    expect(doneSteps(await onboarding(u.browser))).toEqual(['mailbox', 'contacts', 'template']);
    await u.launchOneStep(1);
    expect(doneSteps(await onboarding(u.browser))).toEqual(['mailbox', 'contacts', 'template', 'launch']);
  });

  it("never counts another user's mailbox, contacts, templates or sequences", async () => {
    const busy = await engineUser(env);
    await busy.launchOneStep(2);
    expect(doneSteps(await onboarding(busy.browser))).toHaveLength(4);

    const newcomer = env.browser();
    await newcomer.signUp();
    expect(doneSteps(await onboarding(newcomer))).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await env.browser().get('/api/onboarding')).status).toBe(401);
    expect((await env.browser().post('/api/onboarding/dismiss')).status).toBe(401);
  });
});

describe('POST /api/onboarding/dismiss', () => {
  it('hides the checklist for this user only, and the dismissal stays', async () => {
    const browser = env.browser();
    await browser.signUp();
    const other = env.browser();
    await other.signUp();

    const dismissed = await browser.post('/api/onboarding/dismiss');
    expect(dismissed.status).toBe(200);
    expect(dismissed.json<Onboarding>().dismissed).toBe(true);
    expect((await onboarding(browser)).dismissed).toBe(true);
    // Dismissing twice is harmless.
    expect((await browser.post('/api/onboarding/dismiss')).status).toBe(200);
    expect((await onboarding(browser)).dismissed).toBe(true);

    expect((await onboarding(other)).dismissed).toBe(false);
  });
});
