import type { EmailSendRow, QueueStatus } from '@prospector/contracts';
import { sequences } from '@prospector/db';
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

/** One sent email and emails in every state that has not gone out, across two sequences. */
async function userWithQueue() {
  const client = createClient(t.app);
  const { user } = await signUp(client);
  const seed = sendingSeeds(t.database.db, user.id);
  const main = await seed.sequence({ name: 'Main' });
  const other = await seed.sequence({ name: 'Other' });
  const enrol = (sequenceId: string) => seed.enrol(sequenceId).then((e) => e.enrolment);
  await seed.send(await enrol(main.id), { subject: 'Went out', sentAt: at('2025-04-30T10:00:00Z') });
  await seed.send(await enrol(main.id), {
    subject: 'Later',
    state: 'scheduled',
    scheduledFor: at('2025-05-02T13:00:00Z'),
  });
  await seed.send(await enrol(main.id), {
    subject: 'Sooner',
    state: 'scheduled',
    scheduledFor: at('2025-05-01T13:00:00Z'),
  });
  await seed.send(await enrol(other.id), {
    subject: 'Going out now',
    state: 'sending',
    scheduledFor: at('2025-05-01T08:59:00Z'),
  });
  await seed.send(await enrol(main.id), {
    subject: 'Held',
    state: 'scheduled',
    scheduledFor: at('2025-05-01T08:00:00Z'),
    waitingReason: 'Mailbox paused: bounce rate above 5%',
  });
  await seed.send(await enrol(main.id), {
    subject: 'Broken',
    state: 'failed',
    scheduledFor: at('2025-04-30T09:00:00Z'),
    lastError: 'Gmail refused the message: Invalid To header',
  });
  await seed.send(await enrol(other.id), {
    subject: 'Stopped',
    state: 'cancelled',
    scheduledFor: at('2025-05-03T09:00:00Z'),
    lastError: 'Contact unsubscribed',
  });
  return { client, main, other };
}

const list = async (client: ReturnType<typeof createClient>, query: string) => {
  const response = await client.get(`/api/email-sends${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<EmailSendRow[]>();
};

describe('GET /api/email-sends?state', () => {
  it('keeps the spec filter to sent emails: All Statuses and Not Open leave unsent ones out', async () => {
    const { client } = await userWithQueue();
    expect((await list(client, '')).map((row) => row.subject)).toEqual(['Went out']);
    expect((await list(client, '?status=not_open')).map((row) => row.subject)).toEqual(['Went out']);
    expect((await list(client, '?state=sent&status=all')).map((row) => row.subject)).toEqual(['Went out']);
  });

  it('lists Scheduled emails soonest first, a send in progress included, with when they are due', async () => {
    const { client } = await userWithQueue();
    const rows = await list(client, '?state=scheduled');
    expect(rows.map((row) => [row.subject, row.status, row.sentAt, row.scheduledFor, row.detail])).toEqual([
      ['Going out now', 'Scheduled', null, '2025-05-01T08:59:00.000Z', null],
      ['Sooner', 'Scheduled', null, '2025-05-01T13:00:00.000Z', null],
      ['Later', 'Scheduled', null, '2025-05-02T13:00:00.000Z', null],
    ]);
  });

  it('lists Waiting emails with the reason, Failed ones with the error, and Cancelled ones with why', async () => {
    const { client } = await userWithQueue();
    expect(await list(client, '?state=waiting')).toEqual([
      expect.objectContaining({
        subject: 'Held',
        status: 'Waiting',
        sentAt: null,
        scheduledFor: '2025-05-01T08:00:00.000Z',
        detail: 'Mailbox paused: bounce rate above 5%',
      }),
    ]);
    expect(await list(client, '?state=failed')).toEqual([
      expect.objectContaining({
        subject: 'Broken',
        status: 'Failed',
        detail: 'Gmail refused the message: Invalid To header',
      }),
    ]);
    expect(await list(client, '?state=Cancelled')).toEqual([
      expect.objectContaining({
        subject: 'Stopped',
        status: 'Cancelled',
        sequenceName: 'Other',
        detail: 'Contact unsubscribed',
      }),
    ]);
  });

  it('combines a state with the sequence filter', async () => {
    const { client, main, other } = await userWithQueue();
    const subjects = async (query: string) => (await list(client, query)).map((row) => row.subject);
    expect(await subjects(`?state=scheduled&sequenceId=${main.id}`)).toEqual(['Sooner', 'Later']);
    expect(await subjects(`?state=scheduled&sequenceId=${other.id}`)).toEqual(['Going out now']);
    expect(await subjects(`?state=cancelled&sequenceId=${main.id}`)).toEqual([]);
  });

  it("refuses unknown states and a reaction status with an unsent state, and never shows another user's", async () => {
    const { client } = await userWithQueue();
    const unknown = await client.get('/api/email-sends?state=bounced');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'State must be sent, scheduled, waiting, paused, failed or cancelled',
    ]);
    const mixed = await client.get('/api/email-sends?state=failed&status=reply');
    expect([mixed.statusCode, mixed.json().message]).toEqual([400, 'Status filters sent emails only']);
    const stranger = createClient(t.app);
    await signUp(stranger);
    for (const state of ['scheduled', 'waiting', 'paused', 'failed', 'cancelled']) {
      expect(await list(stranger, `?state=${state}`)).toEqual([]);
    }
  });
});

describe('the emails of a paused sequence', () => {
  it('are Paused, not Scheduled or Waiting: in the list (whose rows the CSV is), its filter and the counts', async () => {
    const client = createClient(t.app);
    const { user } = await signUp(client);
    const seed = sendingSeeds(t.database.db, user.id);
    const running = await seed.sequence({ name: 'Running' });
    const paused = await seed.sequence({ name: 'Paused one' });
    await t.database.db.update(sequences).set({ status: 'paused' }).where(eq(sequences.id, paused.id));
    const enrol = (sequenceId: string) => seed.enrol(sequenceId).then((e) => e.enrolment);
    const due = at('2025-05-01T13:00:00Z');
    await seed.send(await enrol(running.id), { subject: 'Goes', state: 'scheduled', scheduledFor: due });
    await seed.send(await enrol(paused.id), { subject: 'Held 1', state: 'scheduled', scheduledFor: due });
    await seed.send(await enrol(paused.id), {
      subject: 'Held 2',
      state: 'scheduled',
      scheduledFor: at('2025-05-01T08:00:00Z'),
      waitingReason: 'Daily limit reached',
    });

    expect((await list(client, '?state=scheduled')).map((row) => row.subject)).toEqual(['Goes']);
    expect(await list(client, '?state=waiting')).toEqual([]);
    const held = await list(client, '?state=paused');
    expect(held.map((row) => [row.subject, row.status, row.sequenceName, row.detail])).toEqual([
      [
        'Held 2',
        'Paused',
        'Paused one',
        'The sequence is paused: it goes out once the sequence is activated again',
      ],
      [
        'Held 1',
        'Paused',
        'Paused one',
        'The sequence is paused: it goes out once the sequence is activated again',
      ],
    ]);
    const counts = (await client.get('/api/queue/status')).json<QueueStatus>();
    expect([counts.scheduledSends, counts.waitingSends, counts.pausedSends]).toEqual([1, 0, 2]);
  });
});
