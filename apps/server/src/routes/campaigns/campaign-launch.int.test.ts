import type { LaunchReview, SequenceStep } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
// Wednesday 25 November 2026, 09:00 UTC.
beforeEach(() => env.clock.set(new Date('2026-11-25T09:00:00Z')));

/** A sequence of four send steps added in order, none connected: each ends the sequence. */
async function fourLooseSteps(u: EngineUser) {
  const template = await u.template();
  const sequence = await u.sequence({ name: 'Q4 CTO outreach' });
  const steps = [];
  for (let order = 1; order <= 4; order++) {
    steps.push(await u.step(sequence.id, order, { templateId: template.id, name: `Email ${order}` }));
  }
  return { sequence, steps };
}

describe('steps no outcome leads to', () => {
  it('refuse the launch with 422 UNREACHABLE_STEPS naming them, until connected in order', async () => {
    const u = await engineUser(env);
    const { sequence, steps } = await fourLooseSteps(u);
    await u.list(sequence.id, [await u.contact()]);

    const refused = await u.launch(sequence.id);
    expect(refused.status).toBe(422);
    const body = refused.json<{ code: string; message: string; steps: { id: string; name: string }[] }>();
    expect(body.code).toBe('UNREACHABLE_STEPS');
    expect(body.steps).toEqual(steps.slice(1).map(({ id, name }) => ({ id, name })));
    expect(body.message).toContain('"Email 2", "Email 3", "Email 4"');
    expect(await u.sends(sequence.id)).toHaveLength(0);

    const review = (await u.browser.get(`/api/sequences/${sequence.id}/launch-review`)).json<LaunchReview>();
    expect(review.unreachableSteps.map((step) => step.name)).toEqual(['Email 2', 'Email 3', 'Email 4']);
    expect(review.problems).toEqual([{ code: 'UNREACHABLE_STEPS', message: body.message, blocking: true }]);

    const connected = await u.browser.post(`/api/sequences/${sequence.id}/connect-in-order`);
    expect(connected.status).toBe(200);
    const after = connected.json<SequenceStep[]>();
    for (const [index, step] of after.slice(0, 3).entries()) {
      expect(step.notOpenedStepId).toBe(after[index + 1]?.id);
      expect(step.openedNoReplyStepId).toBe(after[index + 1]?.id);
      expect(step.repliedStepId).toBeNull();
    }
    expect(after[3]).toMatchObject({ notOpenedStepId: null, openedNoReplyStepId: null });
    const reviewed = (
      await u.browser.get(`/api/sequences/${sequence.id}/launch-review`)
    ).json<LaunchReview>();
    expect(reviewed.unreachableSteps).toEqual([]);
    expect(reviewed.problems).toEqual([]);
    expect((await u.launch(sequence.id)).status).toBe(200);
  });

  it('keeps outcomes that already lead somewhere, and links wait steps to the next step', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence();
    const first = await u.step(sequence.id, 1, { templateId: template.id });
    const wait = await u.step(sequence.id, 2, {
      stepType: 'wait',
      waitValue: 2,
      waitUnit: 'days',
      sendHour: 0,
    });
    const last = await u.step(sequence.id, 3, { templateId: template.id });
    await u.linkStep(first.id, { openedNoReplyStepId: last.id });
    const steps = (await u.browser.post(`/api/sequences/${sequence.id}/connect-in-order`)).json<
      SequenceStep[]
    >();
    expect(steps[0]).toMatchObject({
      notOpenedStepId: wait.id,
      openedNoReplyStepId: last.id,
      repliedStepId: null,
    });
    expect(steps[1]).toMatchObject({ nextActionStepId: last.id, nextActionType: 'send_email', waitValue: 2 });
  });

  it("is another user's sequence: 404", async () => {
    const owner = await engineUser(env);
    const { sequence } = await fourLooseSteps(owner);
    const other = await engineUser(env);
    expect((await other.browser.post(`/api/sequences/${sequence.id}/connect-in-order`)).status).toBe(404);
    expect((await other.browser.get(`/api/sequences/${sequence.id}/launch-review`)).status).toBe(404);
  });
});

describe('contacts active in another sequence', () => {
  it('are left out of a launch by default, named in the review, and enrolled when asked', async () => {
    const u = await engineUser(env);
    const running = await u.launchOneStep(3, { name: 'Q4 CTO outreach' });
    const fresh = [await u.contact(), await u.contact()];
    const template = await u.template();
    const clone = await u.sequence({ name: 'Q4 CTO outreach (copy)' });
    await u.step(clone.id, 1, { templateId: template.id });
    await u.list(clone.id, [...running.people, ...fresh]);

    const review = (await u.browser.get(`/api/sequences/${clone.id}/launch-review`)).json<LaunchReview>();
    expect(review.enrol).toBe(2);
    expect(review.skipped.inOtherSequence).toBe(3);
    expect(review.enrolIncludingOtherSequences).toBe(5);
    expect(review.otherSequences).toEqual([
      { id: running.sequence.id, name: 'Q4 CTO outreach', contacts: 3 },
    ]);

    const launched = (await u.launch(clone.id)).json<{
      enrolled: number;
      skipped: { inOtherSequence: number };
    }>();
    expect(launched.enrolled).toBe(2);
    expect(launched.skipped.inOtherSequence).toBe(3);

    const again = await u.browser.post(`/api/sequences/${clone.id}/launch`, {
      includeContactsInOtherSequences: true,
    });
    expect(again.json<{ enrolled: number }>().enrolled).toBe(3);
  });

  it('refuses a launch body that is not a choice with a 400', async () => {
    const u = await engineUser(env);
    const { sequence } = await fourLooseSteps(u);
    const bad = await u.browser.post(`/api/sequences/${sequence.id}/launch`, {
      includeContactsInOtherSequences: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      'includeContactsInOtherSequences must be true or false',
    );
  });
});

describe('the launch estimate', () => {
  it('says how many sending days the first emails take at the mailbox limit, and the last day', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 10 });
    const people = [];
    for (let i = 0; i < 199; i++) people.push({ id: (await u.contact()).id });
    await u.list(sequence.id, people);
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 40 })
      .where(eq(gmailAccounts.id, u.account.id));

    const review = (await u.browser.get(`/api/sequences/${sequence.id}/launch-review`)).json<LaunchReview>();
    expect(review.estimate).toMatchObject({ firstEmails: 199, mailboxes: 1, perDay: 40, sendingDays: 5 });
    // First email Wednesday 25 Nov at 10:00 UTC; four more sending days: Sunday 29 Nov.
    expect(review.estimate.lastFirstEmailAt).toBe('2026-11-29T10:00:00.000Z');
    expect(review.estimate.summary).toBe(
      '199 first emails from 1 mailbox at 40 a day: about 5 sending days, the last around Sun 29 Nov',
    );
  });
});
