import { type AbTest, type SequenceAnalytics, type StepVariant, winnerText } from '@prospector/contracts';
import { runEngineRound } from '@prospector/core';
import { contacts, emailSends, gmailAccounts, sequenceContacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { assignmentsOf, enrolMore, replyTo, sendAll, sendsOfStep, threeVariantSequence } from './ab-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const at = (iso: string) => env.clock.set(new Date(iso));
const countBy = (labels: (string | null)[]) =>
  labels.reduce<Record<string, number>>((counts, label) => {
    counts[label ?? '-'] = (counts[label ?? '-'] ?? 0) + 1;
    return counts;
  }, {});

describe('an A/B test through the sandbox', () => {
  it('splits by share, lets B win on replies after the minimum sample, then gives B to every new enrolment', async () => {
    const u = await engineUser(env);
    // A new mailbox may send 50 a day; this test sends 172.
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 400 })
      .where(eq(gmailAccounts.id, u.account.id));
    const { sequence, step } = await threeVariantSequence(u);
    const variants = (await u.browser.get(`/api/steps/${step.id}/variants`)).json<StepVariant[]>();
    expect(variants.map((v) => [v.label, Math.round(v.share * 100)])).toEqual([
      ['A', 33],
      ['B', 33],
      ['C', 33],
    ]);
    const [, variantB, variantC] = variants;
    // 50% for A, 25% each for B and C.
    for (const [variant, weight] of [
      [variants[0]!, 50],
      [variantB!, 25],
      [variantC!, 25],
    ] as const) {
      expect((await u.browser.patch(`/api/steps/${step.id}/variants/${variant.id}`, { weight })).status).toBe(
        200,
      );
    }
    const settings = await u.browser.patch(`/api/steps/${step.id}`, {
      abTest: { metric: 'reply_rate', autoWinner: true, confidence: 95, minSendsPerVariant: 1000 },
    });
    expect(settings.status).toBe(200);
    expect(settings.json<{ abTest: AbTest }>().abTest).toMatchObject({
      autoWinner: true,
      minSendsPerVariant: 1000,
    });

    const { list } = await enrolMore(u, sequence.id, null, 160);
    at('2025-05-01T10:00:00Z');
    await sendAll(u);
    const sent = await sendsOfStep(env, step.id);
    expect(sent.every((s) => s.state === 'sent')).toBe(true);
    const shares = countBy(sent.map((s) => s.variantLabel));
    expect(sent).toHaveLength(160);
    // Each variant gets its share (the exact proportions are the unit test's; here 160 draws).
    expect(Math.abs((shares.A ?? 0) - 80)).toBeLessThanOrEqual(20);
    expect(Math.abs((shares.B ?? 0) - 40)).toBeLessThanOrEqual(16);
    expect(Math.abs((shares.C ?? 0) - 40)).toBeLessThanOrEqual(16);
    // Each email is its variant's template, and the API rows name the variant.
    for (const send of sent)
      expect(send.subject).toMatch(new RegExp(`^Subject ${send.variantLabel} for Lead`));
    const rows = (await u.browser.get(`/api/email-sends?sequenceId=${sequence.id}`)).json<
      { variantLabel: string }[]
    >();
    expect(countBy(rows.map((r) => r.variantLabel))).toEqual(shares);
    const before = await assignmentsOf(env, step.id);
    expect(before).toHaveLength(160);

    // Half of B's recipients and one of A's reply.
    at('2025-05-01T12:00:00Z');
    const ofB = sent.filter((s) => s.variantLabel === 'B');
    await replyTo(env, u, [
      ...ofB.slice(0, Math.ceil(ofB.length / 2)),
      sent.find((s) => s.variantLabel === 'A')!,
    ]);
    await runEngineRound(u.deps);
    const waiting = (await u.browser.get(`/api/sequences/${sequence.id}/steps`)).json<{ abTest: AbTest }[]>();
    expect(waiting[0]?.abTest).toMatchObject({ status: 'running', winner: null });

    // The minimum sample is now reached: B wins at the next round.
    expect(
      (await u.browser.patch(`/api/steps/${step.id}`, { abTest: { minSendsPerVariant: 20 } })).status,
    ).toBe(200);
    at('2025-05-01T12:05:00Z');
    await runEngineRound(u.deps);
    const [decided] = (await u.browser.get(`/api/sequences/${sequence.id}/steps`)).json<
      { abTest: AbTest }[]
    >();
    expect(decided?.abTest.status).toBe('winner');
    const winner = decided!.abTest.winner!;
    expect(winner).toMatchObject({ label: 'B', reason: 'significant', metric: 'reply_rate' });
    expect(winner.decidedAt).toBe('2025-05-01T12:05:00.000Z');
    expect(winner.probability).toBeGreaterThanOrEqual(0.95);
    expect(winnerText(winner)).toMatch(
      /^Winner: B \(reply rate \d+\.\d% vs \d+\.\d%, \d+% probability to be best\)$/,
    );

    // Later enrolments all get B; the earlier ones keep theirs.
    await enrolMore(u, sequence.id, list.id, 12);
    at('2025-05-02T10:00:00Z');
    await sendAll(u);
    const after = await assignmentsOf(env, step.id);
    expect(after).toHaveLength(172);
    const earlier = new Map(before.map((a) => [a.sequenceContactId, a.variantId]));
    const later = after.filter((a) => !earlier.has(a.sequenceContactId));
    expect(later.every((a) => a.variantId === variantB!.id)).toBe(true);
    for (const a of after.filter((row) => earlier.has(row.sequenceContactId))) {
      expect(a.variantId).toBe(earlier.get(a.sequenceContactId));
    }

    // Per-variant analytics with intervals.
    const analytics = (
      await u.browser.get(`/api/sequences/${sequence.id}/analytics`)
    ).json<SequenceAnalytics>();
    const b = analytics.variants.find((v) => v.label === 'B')!;
    expect(b).toMatchObject({ stepId: step.id, variantId: variantB!.id, sent: (shares.B ?? 0) + 12 });
    expect(b.replied).toBe(Math.ceil(ofB.length / 2));
    expect(b.replyRate.low).toBeLessThan(b.replyRate.rate);
    expect(b.replyRate.high).toBeGreaterThan(b.replyRate.rate);
    expect(analytics.variantDays.length).toBeGreaterThan(0);

    // Positive replies follow the Inbox's lead status of the contacts who replied.
    const repliedOfB = (await sendsOfStep(env, step.id)).filter(
      (send) => send.variantLabel === 'B' && send.repliedAt,
    );
    const [first, second, third] = repliedOfB;
    const sortAs = (contactId: string, leadStatus: string) =>
      env.database.db.update(contacts).set({ leadStatus }).where(eq(contacts.id, contactId));
    await sortAs(first!.contactId, 'interested');
    await sortAs(second!.contactId, 'meeting_booked');
    await sortAs(third!.contactId, 'not_interested');
    const sorted = (await u.browser.get(`/api/sequences/${sequence.id}/analytics`)).json<SequenceAnalytics>();
    expect(sorted.variants.find((v) => v.label === 'B')?.positiveReplied).toBe(2);
  });

  it('an assigned enrolment never switches: reaching the step again reads the stored variant', async () => {
    const u = await engineUser(env);
    const { sequence, step } = await threeVariantSequence(u);
    await enrolMore(u, sequence.id, null, 6);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    const [first] = await assignmentsOf(env, step.id);
    const firstSend = (await sendsOfStep(env, step.id)).find(
      (s) => s.sequenceContactId === first!.sequenceContactId,
    )!;
    // A winner other than this enrolment's variant is picked, then the enrolment reaches the step again
    // (as after a restart that lost its email): it keeps its variant.
    const other = (await u.browser.get(`/api/steps/${step.id}/variants`))
      .json<StepVariant[]>()
      .find((v) => v.id !== first!.variantId)!;
    expect(
      (await u.browser.patch(`/api/steps/${step.id}`, { abTest: { winnerVariantId: other.id } })).status,
    ).toBe(200);
    await env.database.db.delete(emailSends).where(eq(emailSends.id, firstSend.id));
    await env.database.db
      .update(sequenceContacts)
      .set({ currentStepId: null, nextRunAt: env.clock.now() })
      .where(eq(sequenceContacts.id, first!.sequenceContactId));
    await runEngineRound(u.deps);
    const again = (await sendsOfStep(env, step.id)).find(
      (s) => s.sequenceContactId === first!.sequenceContactId,
    )!;
    expect(again.variantId).toBe(first!.variantId);
    expect(again.id).not.toBe(firstSend.id);
    expect(
      (await assignmentsOf(env, step.id)).find((a) => a.sequenceContactId === first!.sequenceContactId),
    ).toEqual(first);
  });

  it("a threaded follow-up answers with the subject of the enrolment's variant", async () => {
    const u = await engineUser(env);
    const { sequence, step } = await threeVariantSequence(u);
    const followUp = await u.template('Second email');
    const step2 = await u.step(sequence.id, 2, { templateId: followUp.id, delayDays: 1 });
    await u.linkStep(step.id, { notOpenedStepId: step2.id, notOpenedWaitDays: 1, reactionWindowHours: 1 });
    await enrolMore(u, sequence.id, null, 6);
    at('2025-05-01T10:00:00Z');
    await sendAll(u);
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    const firsts = await sendsOfStep(env, step.id);
    const seconds = await sendsOfStep(env, step2.id);
    expect(seconds).toHaveLength(6);
    for (const second of seconds) {
      const first = firsts.find((s) => s.sequenceContactId === second.sequenceContactId)!;
      expect(second.subject).toBe(`Re: ${first.subject}`);
      expect(second.subject).toContain(`Subject ${first.variantLabel} for`);
      expect(second.variantLabel).toBeNull();
    }
  });
});

describe('the variants API', () => {
  it('checks its input and owner, keeps A, and keeps the history of a deleted variant that sent', async () => {
    const u = await engineUser(env);
    const { sequence, step, templates } = await threeVariantSequence(u);
    const [, b, c] = (await u.browser.get(`/api/steps/${step.id}/variants`)).json<StepVariant[]>();
    const a = (await u.browser.get(`/api/steps/${step.id}/variants`)).json<StepVariant[]>()[0]!;
    expect(a).toMatchObject({ label: 'A', templateId: templates[0]!.id, weight: null });

    expect((await u.browser.delete(`/api/steps/${step.id}/variants/${a.id}`)).json()).toMatchObject({
      message: "Variant A is the step's own email and cannot be deleted",
    });
    const badWeight = await u.browser.patch(`/api/steps/${step.id}/variants/${b!.id}`, { weight: 120 });
    expect(badWeight.status).toBe(400);
    expect(badWeight.json()).toMatchObject({ message: expect.stringContaining('Weight must be') });
    const badTemplate = await u.browser.post(`/api/steps/${step.id}/variants`, { templateId: 'nope' });
    expect(badTemplate.status).toBe(400);
    expect((await u.browser.get('/api/steps/not-a-uuid/variants')).status).toBe(404);
    const badMetric = await u.browser.patch(`/api/steps/${step.id}`, { abTest: { metric: 'clicks' } });
    expect(badMetric.status).toBe(400);

    const stranger = await engineUser(env);
    expect((await stranger.browser.get(`/api/steps/${step.id}/variants`)).status).toBe(404);
    expect(
      (await stranger.browser.post(`/api/steps/${step.id}/variants`, { templateId: templates[1]!.id }))
        .status,
    ).toBe(404);
    expect((await stranger.browser.delete(`/api/steps/${step.id}/variants/${b!.id}`)).status).toBe(404);

    // Two more make five; a sixth is refused.
    for (const expected of ['D', 'E']) {
      const more = await u.browser.post(`/api/steps/${step.id}/variants`, { templateId: templates[1]!.id });
      expect(more.json()).toMatchObject({ label: expected });
    }
    const sixth = await u.browser.post(`/api/steps/${step.id}/variants`, { templateId: templates[1]!.id });
    expect(sixth.status).toBe(400);
    expect(sixth.json()).toMatchObject({ message: 'A step can have at most 5 variants' });

    // C sends, then is deleted: it stays listed with deletedAt, its emails keep their label.
    await u.browser.patch(`/api/steps/${step.id}/variants/${c!.id}`, { weight: 100 });
    for (const other of (await u.browser.get(`/api/steps/${step.id}/variants`)).json<StepVariant[]>()) {
      if (other.id !== c!.id)
        await u.browser.patch(`/api/steps/${step.id}/variants/${other.id}`, { weight: 0 });
    }
    await enrolMore(u, sequence.id, null, 2);
    at('2025-05-01T10:00:00Z');
    await sendAll(u);
    expect((await sendsOfStep(env, step.id)).map((s) => s.variantLabel)).toEqual(['C', 'C']);
    expect((await u.browser.delete(`/api/steps/${step.id}/variants/${c!.id}`)).status).toBe(200);
    const listed = (await u.browser.get(`/api/steps/${step.id}/variants`)).json<StepVariant[]>();
    expect(listed.find((v) => v.id === c!.id)).toMatchObject({
      label: 'C',
      share: 0,
      deletedAt: expect.any(String),
    });
    const analytics = (
      await u.browser.get(`/api/sequences/${sequence.id}/analytics`)
    ).json<SequenceAnalytics>();
    expect(analytics.variants.find((v) => v.label === 'C')).toMatchObject({ deleted: true, sent: 2 });
    // A later variant takes the next unused letter.
    const next = await u.browser.post(`/api/steps/${step.id}/variants`, { templateId: templates[2]!.id });
    expect(next.json()).toMatchObject({ label: 'F' });

    // Stop: new enrolments get A.
    expect((await u.browser.patch(`/api/steps/${step.id}`, { abTest: { status: 'stopped' } })).status).toBe(
      200,
    );
    const shares = (await u.browser.get(`/api/steps/${step.id}/variants`)).json<StepVariant[]>();
    expect(shares.filter((v) => v.share > 0).map((v) => [v.label, v.share])).toEqual([['A', 1]]);
    await enrolMore(u, sequence.id, null, 3);
    at('2025-05-01T10:30:00Z');
    await sendAll(u);
    expect(countBy((await sendsOfStep(env, step.id)).map((s) => s.variantLabel))).toEqual({ C: 2, A: 3 });

    // A copy of the sequence tests the live variants afresh.
    const copy = (await u.browser.post(`/api/sequences/${sequence.id}/clone`)).json<{ id: string }>();
    const [copiedStep] = (await u.browser.get(`/api/sequences/${copy.id}/steps`)).json<
      { id: string; abTest: AbTest }[]
    >();
    expect(copiedStep?.abTest).toMatchObject({ status: 'running', winner: null });
    const copied = (await u.browser.get(`/api/steps/${copiedStep!.id}/variants`)).json<StepVariant[]>();
    expect(copied.map((v) => v.label)).toEqual(['A', 'B', 'D', 'E', 'F']);
  });
});
