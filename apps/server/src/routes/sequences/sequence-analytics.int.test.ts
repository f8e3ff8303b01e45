import type { SequenceAnalytics } from '@prospector/contracts';
import { sequenceSteps } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendingSeeds } from '../../testing/sending-seed-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, signUp } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const at = (iso: string) => new Date(iso);
/** Unique contacts; none here clicked or unsubscribed, and a bounced contact had no other email. */
const funnel = (sent: number, opened: number, replied: number, bounced: number) => ({
  sent,
  delivered: sent - bounced,
  opened,
  clicked: 0,
  replied,
  bounced,
  unsubscribed: 0,
  openRate: sent ? opened / sent : 0,
  clickRate: 0,
  replyRate: sent ? replied / sent : 0,
  bounceRate: sent ? bounced / sent : 0,
  // No contact here has a lead status from the Inbox.
  interested: 0,
  positive: 0,
  interestedRate: 0,
  positiveRate: 0,
});

/** Six enrolments in a New York sequence with a two-email path and a wait between. */
async function seededSequence() {
  const client = createClient(t.app);
  const { user } = await signUp(client);
  const seed = sendingSeeds(t.database.db, user.id);
  const sequence = await seed.sequence({ name: 'Q2 outreach', timezone: 'America/New_York' });
  const first = await seed.step(sequence.id, 1, { name: 'Intro' });
  await seed.step(sequence.id, 2, { name: 'Pause', stepType: 'wait' });
  const second = await seed.step(sequence.id, 3, { name: 'Follow-up' });
  const [replied, active, completed, unsubscribed, bounced, fresh] = await Promise.all(
    (['replied', 'active', 'completed', 'unsubscribed', 'bounced', 'active'] as const).map((status) =>
      seed.enrol(sequence.id, status).then((e) => e.enrolment),
    ),
  );
  const intro = { stepId: first.id };
  const followUp = { stepId: second.id };
  await seed.send(replied!, {
    ...intro,
    sentAt: at('2025-04-01T14:00:00Z'),
    openedAt: at('2025-04-01T15:00:00Z'),
    repliedAt: at('2025-04-01T16:00:00Z'),
  });
  await seed.send(active!, {
    ...intro,
    sentAt: at('2025-04-01T15:00:00Z'),
    openedAt: at('2025-04-02T15:00:00Z'),
  });
  // 23:30 in New York on 31 March, already 1 April in UTC.
  await seed.send(completed!, { ...intro, sentAt: at('2025-04-01T03:30:00Z') });
  await seed.send(unsubscribed!, {
    ...intro,
    sentAt: at('2025-04-02T14:00:00Z'),
    openedAt: at('2025-04-02T14:05:00Z'),
  });
  await seed.send(bounced!, {
    ...intro,
    sentAt: at('2025-04-02T14:00:00Z'),
    bouncedAt: at('2025-04-02T14:01:00Z'),
  });
  await seed.send(fresh!, { ...intro, state: 'scheduled', scheduledFor: at('2025-05-02T13:00:00Z') });
  await seed.send(active!, {
    ...followUp,
    sentAt: at('2025-04-03T14:00:00Z'),
    repliedAt: at('2025-04-03T18:00:00Z'),
  });
  await seed.send(completed!, { ...followUp, state: 'failed', sentAt: null, lastError: 'Invalid To header' });
  await seed.send(fresh!, { ...followUp, state: 'scheduled', scheduledFor: at('2025-05-05T13:00:00Z') });
  await seed.send(unsubscribed!, { ...followUp, state: 'cancelled', sentAt: null });
  return { client, user, seed, sequence, first, second };
}

describe('GET /api/sequences/{id}/analytics', () => {
  it('counts enrolments, and contacts sent, opened, replied and rates per step and per New York day', async () => {
    const { client, sequence, first, second } = await seededSequence();
    const response = await client.get(`/api/sequences/${sequence.id}/analytics`);
    expect(response.statusCode).toBe(200);
    expect(response.json<SequenceAnalytics>()).toEqual({
      sequenceId: sequence.id,
      timezone: 'America/New_York',
      enrolments: {
        enrolled: 6,
        active: 2,
        paused: 0,
        completed: 1,
        replied: 1,
        unsubscribed: 1,
        bounced: 1,
        stopped: 0,
        failed: 0,
      },
      // Five contacts got emails; the one emailed twice opened the intro and replied to the follow-up.
      totals: { ...funnel(5, 3, 2, 1), scheduled: 2 },
      steps: [
        { stepId: first.id, name: 'Intro', order: 1, scheduled: 1, ...funnel(5, 3, 1, 1) },
        // The reply proves the follow-up was opened, though its pixel never loaded.
        { stepId: second.id, name: 'Follow-up', order: 3, scheduled: 1, ...funnel(1, 1, 1, 0) },
      ],
      days: [
        { date: '2025-03-31', ...funnel(1, 0, 0, 0) },
        { date: '2025-04-01', ...funnel(2, 2, 1, 0) },
        { date: '2025-04-02', ...funnel(2, 1, 0, 1) },
        { date: '2025-04-03', ...funnel(1, 1, 1, 0) },
      ],
      // No step has A/B variants.
      variants: [],
      variantDays: [],
    });
  });

  it("keeps a deleted step's emails in the totals, as a Deleted steps row", async () => {
    const { client, sequence, first, second } = await seededSequence();
    await t.database.db.delete(sequenceSteps).where(eq(sequenceSteps.id, second.id));
    const analytics = (await client.get(`/api/sequences/${sequence.id}/analytics`)).json<SequenceAnalytics>();
    expect(analytics.steps.map((step) => [step.stepId, step.name, step.sent, step.scheduled])).toEqual([
      [first.id, 'Intro', 5, 1],
      [null, 'Deleted steps', 1, 1],
    ]);
    expect(analytics.totals.sent).toBe(5);
  });

  it('is all zeros for a sequence that has not sent yet', async () => {
    const client = createClient(t.app);
    const { user } = await signUp(client);
    const seed = sendingSeeds(t.database.db, user.id);
    const sequence = await seed.sequence();
    const step = await seed.step(sequence.id, 1, { name: 'Only' });
    const analytics = (await client.get(`/api/sequences/${sequence.id}/analytics`)).json<SequenceAnalytics>();
    expect(analytics.enrolments.enrolled).toBe(0);
    expect(analytics.totals).toEqual({ ...funnel(0, 0, 0, 0), scheduled: 0 });
    expect(analytics.steps).toEqual([
      { stepId: step.id, name: 'Only', order: 1, scheduled: 0, ...funnel(0, 0, 0, 0) },
    ]);
    expect(analytics.days).toEqual([]);
  });

  it("answers 404 for another user's sequence, an unknown id and a malformed id; 401 without a session", async () => {
    const { sequence } = await seededSequence();
    const stranger = createClient(t.app);
    await signUp(stranger);
    for (const id of [sequence.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await stranger.get(`/api/sequences/${id}/analytics`);
      expect([response.statusCode, response.json().message]).toEqual([404, 'Sequence not found']);
    }
    expect((await createClient(t.app).get(`/api/sequences/${sequence.id}/analytics`)).statusCode).toBe(401);
  });
});
