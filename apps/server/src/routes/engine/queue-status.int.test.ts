import type { QueueStatus } from '@prospector/contracts';
import { createQueue, emailLogs, gmailAccounts } from '@prospector/db';
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

async function mailbox(
  workspaceId: string,
  email: string,
  values: Partial<typeof gmailAccounts.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(gmailAccounts)
    .values({ workspaceId, googleUserId: email, email, createdAt: at('2025-03-01T00:00:00Z'), ...values })
    .returning();
  return row!;
}

async function logSends(workspaceId: string, senderEmail: string, times: string[]) {
  for (const time of times) {
    await t.database.db
      .insert(emailLogs)
      .values({ workspaceId, senderEmail, status: 'sent', createdAt: at(time) });
  }
}

/** The clock stands at 2025-05-01 09:00 UTC. */
async function userWithSends() {
  const client = createClient(t.app);
  const { user } = await signUp(client);
  const seed = sendingSeeds(t.database.db, user.id);
  const sequence = await seed.sequence();
  const enrolments = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => seed.enrol(sequence.id)));
  const [a, b, c, d, e, f, g] = enrolments.map((x) => x.enrolment);
  await seed.send(a!, { state: 'scheduled', scheduledFor: at('2025-05-01T08:50:00Z') });
  await seed.send(b!, {
    state: 'scheduled',
    scheduledFor: at('2025-05-01T08:59:30Z'),
    waitingReason: 'Quota',
  });
  await seed.send(c!, { state: 'scheduled', scheduledFor: at('2025-05-01T10:00:00Z') });
  await seed.send(d!, { state: 'sent', sentAt: at('2025-05-01T08:30:00Z') });
  await seed.send(e!, { state: 'sent', sentAt: at('2025-04-30T12:00:00Z') });
  await seed.send(f!, { state: 'sent', sentAt: at('2025-04-29T12:00:00Z') });
  await seed.send(g!, { state: 'failed', scheduledFor: at('2025-05-01T07:00:00Z'), lastError: 'Rejected' });
  return { client, user };
}

describe('GET /api/queue/status', () => {
  it('reports due sends and the oldest lag, scheduled sends, and sends in the last hour and day', async () => {
    const { client } = await userWithSends();
    // Another user's sends count for them only.
    await userWithSends();
    const status = (await client.get('/api/queue/status')).json<QueueStatus>();
    expect(status).toMatchObject({
      dueSends: 2,
      oldestDueLagSeconds: 600,
      scheduledSends: 2,
      waitingSends: 1,
      failedSends: 1,
      sentLastHour: 1,
      sentLastDay: 2,
      mailboxes: [],
      generatedAt: '2025-05-01T09:00:00.000Z',
    });
  });

  it('has no lag when nothing is due', async () => {
    const client = createClient(t.app);
    await signUp(client);
    const status = (await client.get('/api/queue/status')).json<QueueStatus>();
    expect(status).toMatchObject({
      dueSends: 0,
      oldestDueLagSeconds: null,
      scheduledSends: 0,
      sentLastDay: 0,
    });
  });

  it('shows each mailbox: sent in the last 24 hours, its limit, and when it may send next', async () => {
    const client = createClient(t.app);
    const { user } = await signUp(client);
    const full = await mailbox(user.id, 'full@queue-test.example', {
      dailyLimit: 2,
      nextSendAt: at('2025-05-01T09:01:00Z'),
    });
    const spaced = await mailbox(user.id, 'spaced@queue-test.example', {
      dailyLimit: 10,
      nextSendAt: at('2025-05-01T09:02:00Z'),
    });
    const idle = await mailbox(user.id, 'idle@queue-test.example', {
      nextSendAt: at('2025-05-01T08:00:00Z'),
    });
    const paused = await mailbox(user.id, 'paused@queue-test.example', {
      pausedAt: at('2025-05-01T08:00:00Z'),
      pausedReason: 'Bounce rate above 5%',
    });
    // Two sends in the window fill the first mailbox; the one from 30 April 08:00 has left it.
    await logSends(user.id, full.email, [
      '2025-04-30T08:00:00Z',
      '2025-04-30T10:00:00Z',
      '2025-05-01T08:00:00Z',
    ]);
    await logSends(user.id, spaced.email, ['2025-05-01T08:58:00Z']);
    const status = (await client.get('/api/queue/status')).json<QueueStatus>();
    const byEmail = Object.fromEntries(status.mailboxes.map((m) => [m.email, m]));
    expect(byEmail[full.email]).toEqual({
      accountId: full.id,
      email: full.email,
      status: 'connected',
      sentToday: 2,
      dailyLimit: 2,
      // The send of 30 April 10:00 leaves the rolling window 24 hours later.
      nextSendAt: '2025-05-01T10:00:00.000Z',
      pausedReason: null,
      minGapSeconds: 60,
      maxGapSeconds: 180,
      queued: 0,
    });
    expect(byEmail[spaced.email]).toMatchObject({
      sentToday: 1,
      dailyLimit: 10,
      nextSendAt: '2025-05-01T09:02:00.000Z',
    });
    // A consumer mailbox two months old: the ramp-up allows 500.
    expect(byEmail[idle.email]).toMatchObject({
      sentToday: 0,
      dailyLimit: 500,
      nextSendAt: '2025-05-01T09:00:00.000Z',
    });
    expect(byEmail[paused.email]).toMatchObject({ nextSendAt: null, pausedReason: 'Bounce rate above 5%' });
  });

  it('counts the jobs that carry the user, per queue and state, once the job queue exists', async () => {
    const client = createClient(t.app);
    const { user } = await signUp(client);
    expect((await client.get('/api/queue/status')).json<QueueStatus>().jobs).toEqual([]);

    const boss = createQueue(t.database, { supervise: false, schedule: false });
    await boss.start();
    try {
      await boss.createQueue('sequence-send');
      await boss.createQueue('reply-poll');
      await boss.send('sequence-send', { workspaceId: user.id });
      await boss.send('sequence-send', { workspaceId: user.id });
      await boss.send('reply-poll', { workspaceId: user.id });
      await boss.send('sequence-send', { workspaceId: '00000000-0000-4000-8000-000000000000' });
      const [job] = await boss.fetch('reply-poll');
      await boss.complete('reply-poll', job!.id, {}, {});
      expect((await client.get('/api/queue/status')).json<QueueStatus>().jobs).toEqual([
        { name: 'reply-poll', state: 'completed', count: 1 },
        { name: 'sequence-send', state: 'created', count: 2 },
      ]);
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  });

  it('needs a session', async () => {
    expect((await createClient(t.app).get('/api/queue/status')).statusCode).toBe(401);
  });
});
