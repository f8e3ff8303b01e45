import { randomUUID } from 'node:crypto';
import {
  type AppDb,
  contacts,
  emailSends,
  sequenceContacts,
  sequences,
  trackingEvents,
} from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, signUp, type TestClient } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type SendSeed = {
  state?: 'sent' | 'scheduled' | 'failed';
  sentAt?: Date | null;
  openedAt?: Date;
  repliedAt?: Date;
  bouncedAt?: Date;
  /** An unsubscribe event recorded from this email. */
  unsubscribed?: boolean;
  subject: string;
};

/** A sequence with one contact per send; sequences send nothing yet, so rows are written directly. */
async function seedSequence(
  db: AppDb,
  workspaceId: string,
  name: string,
  sends: (SendSeed & { contact: { email: string; firstName?: string; lastName?: string; name?: string } })[],
) {
  const [sequence] = await db.insert(sequences).values({ workspaceId, name }).returning();
  for (const send of sends) {
    const [contact] = await db
      .insert(contacts)
      .values({ workspaceId, ...send.contact })
      .returning();
    const [enrolment] = await db
      .insert(sequenceContacts)
      .values({ workspaceId, sequenceId: sequence!.id, contactId: contact!.id })
      .returning();
    const [row] = await db
      .insert(emailSends)
      .values({
        workspaceId,
        sequenceContactId: enrolment!.id,
        sequenceId: sequence!.id,
        contactId: contact!.id,
        subject: send.subject,
        trackingToken: randomUUID(),
        unsubscribeToken: randomUUID(),
        state: send.state ?? 'sent',
        scheduledFor: new Date('2025-04-01T09:00:00Z'),
        sentAt: send.sentAt === undefined ? new Date('2025-04-01T09:00:00Z') : send.sentAt,
        openedAt: send.openedAt,
        repliedAt: send.repliedAt,
        bouncedAt: send.bouncedAt,
      })
      .returning();
    if (send.unsubscribed) {
      await db
        .insert(trackingEvents)
        .values({ workspaceId, emailSendId: row!.id, contactId: contact!.id, type: 'unsubscribe' });
    }
  }
  return sequence!;
}

const at = (iso: string) => new Date(iso);

async function userWithSends(client: TestClient) {
  const { user } = await signUp(client);
  const db = t.database.db;
  const outreach = await seedSequence(db, user.id, 'Outreach, Q2', [
    {
      subject: 'Replied',
      contact: { email: 'ann@example.com', name: 'Ann Lee' },
      sentAt: at('2025-04-01T10:00:00Z'),
      openedAt: at('2025-04-01T11:00:00Z'),
      repliedAt: at('2025-04-01T12:00:00Z'),
    },
    {
      subject: 'Opened',
      contact: { email: 'bob@example.com', firstName: 'Bob', lastName: 'Stone' },
      sentAt: at('2025-04-02T10:00:00Z'),
      openedAt: at('2025-04-02T11:00:00Z'),
    },
    { subject: 'Later', contact: { email: 'sched@example.com' }, state: 'scheduled', sentAt: null },
  ]);
  const followUp = await seedSequence(db, user.id, 'Follow-up', [
    { subject: 'Silent', contact: { email: 'cy@example.com' }, sentAt: at('2025-04-03T10:00:00Z') },
    { subject: 'Failed', contact: { email: 'dee@example.com' }, state: 'failed', sentAt: null },
  ]);
  return { outreach, followUp };
}

describe('GET /api/email-sends', () => {
  it('is empty until sequences send, and needs a session', async () => {
    const client = createClient(t.app);
    expect((await client.get('/api/email-sends')).statusCode).toBe(401);
    await signUp(client);
    const response = await client.get('/api/email-sends');
    expect([response.statusCode, response.json()]).toEqual([200, []]);
  });

  it('lists sent emails newest first in the display shape, with the display status', async () => {
    const client = createClient(t.app);
    await userWithSends(client);
    const rows = (await client.get('/api/email-sends')).json();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        contactName: 'cy@example.com',
        contactEmail: 'cy@example.com',
        subject: 'Silent',
        sequenceName: 'Follow-up',
        // Seeded without a mailbox: nothing to say it left from.
        from: null,
        variantLabel: null,
        recipientTimezone: null,
        status: 'Not Open',
        sentAt: '2025-04-03T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        contactName: 'Bob Stone',
        contactEmail: 'bob@example.com',
        subject: 'Opened',
        sequenceName: 'Outreach, Q2',
        from: null,
        variantLabel: null,
        recipientTimezone: null,
        status: 'Open',
        sentAt: '2025-04-02T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        contactName: 'Ann Lee',
        contactEmail: 'ann@example.com',
        subject: 'Replied',
        sequenceName: 'Outreach, Q2',
        from: null,
        variantLabel: null,
        recipientTimezone: null,
        status: 'Reply',
        sentAt: '2025-04-01T10:00:00.000Z',
      },
    ]);
  });

  it('filters by display status and by sequence', async () => {
    const client = createClient(t.app);
    const { outreach, followUp } = await userWithSends(client);
    const subjects = async (query: string) =>
      ((await client.get(`/api/email-sends${query}`)).json() as { subject: string }[]).map((r) => r.subject);
    expect(await subjects('?status=reply')).toEqual(['Replied']);
    expect(await subjects('?status=open')).toEqual(['Opened']);
    expect(await subjects('?status=not_open')).toEqual(['Silent']);
    expect(await subjects('?status=Not%20Open')).toEqual(['Silent']);
    expect(await subjects('?status=all')).toEqual(['Silent', 'Opened', 'Replied']);
    expect(await subjects(`?sequenceId=${outreach.id}`)).toEqual(['Opened', 'Replied']);
    expect(await subjects(`?sequenceId=${followUp.id}&status=open`)).toEqual([]);
    expect(await subjects('?sequenceId=all&status=')).toEqual(['Silent', 'Opened', 'Replied']);
  });

  it('shows bounced and unsubscribed emails as Bounced and Unsubscribed, each with its own filter', async () => {
    const client = createClient(t.app);
    const { user } = await signUp(client);
    await seedSequence(t.database.db, user.id, 'Stops', [
      { subject: 'Bounced', contact: { email: 'gone@example.com' }, bouncedAt: at('2025-04-01T09:05:00Z') },
      {
        subject: 'Unsubscribed',
        contact: { email: 'bye@example.com' },
        openedAt: at('2025-04-01T10:00:00Z'),
        unsubscribed: true,
      },
      { subject: 'Read', contact: { email: 'read@example.com' }, openedAt: at('2025-04-01T10:00:00Z') },
    ]);
    const statuses = async (query: string) =>
      ((await client.get(`/api/email-sends${query}`)).json() as { subject: string; status: string }[])
        .map((r) => `${r.subject}:${r.status}`)
        .sort();
    expect(await statuses('')).toEqual(['Bounced:Bounced', 'Read:Open', 'Unsubscribed:Unsubscribed']);
    expect(await statuses('?status=bounced')).toEqual(['Bounced:Bounced']);
    expect(await statuses('?status=unsubscribed')).toEqual(['Unsubscribed:Unsubscribed']);
    expect(await statuses('?status=open')).toEqual(['Read:Open']);
    expect(await statuses('?status=not_open')).toEqual([]);
  });

  it("never shows another user's sends, and refuses bad filters with 400", async () => {
    const owner = createClient(t.app);
    const { outreach } = await userWithSends(owner);
    const other = createClient(t.app);
    await signUp(other);
    expect((await other.get('/api/email-sends')).json()).toEqual([]);
    expect((await other.get(`/api/email-sends?sequenceId=${outreach.id}`)).json()).toEqual([]);
    const badStatus = await other.get('/api/email-sends?status=delivered');
    expect([badStatus.statusCode, badStatus.json().message]).toEqual([
      400,
      'Status must be all, reply, clicked, open, not_open, bounced or unsubscribed',
    ]);
    const badSequence = await other.get('/api/email-sends?sequenceId=nope');
    expect([badSequence.statusCode, badSequence.json().message]).toEqual([400, 'Invalid sequence id']);
  });
});
