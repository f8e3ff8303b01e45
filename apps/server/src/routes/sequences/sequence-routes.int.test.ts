import {
  CONTACT_LIMIT_INVALID,
  NEW_SEQUENCE_STATUS_INVALID,
  SEND_AS_EMAIL_INVALID,
  SENDER_ACCOUNT_NOT_FOUND,
  SEQUENCE_TIMEZONE_INVALID,
  SEQUENCE_TIMEZONES,
  type SequenceCard,
} from '@prospector/contracts';
import { SEND_AS_NEEDS_MAILBOX, SEND_AS_NOT_OF_MAILBOX } from '@prospector/core';
import { sequenceContacts, sequencePersonas, sequenceSteps, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, signedInClient } from '../../testing/contact-test-kit';
import { sendingSeeds } from '../../testing/sending-seed-kit';
import { expectError, type SequenceUser, sequenceUser } from '../../testing/sequence-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SequenceUser;
let other: SequenceUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await sequenceUser(t.app, t.database);
  other = await sequenceUser(t.app, t.database);
});
afterAll(() => t?.close());

const rowOf = async (id: string) =>
  (await t.database.db.select().from(sequences).where(eq(sequences.id, id)))[0];

describe('POST /api/sequences and GET /api/sequences/{id}', () => {
  it('creates a draft in UTC without skipping weekends, and reads it back', async () => {
    const response = await me.post('/api/sequences', { name: '  Q3 Outreach  ' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Q3 Outreach',
      description: null,
      status: 'draft',
      timezone: 'UTC',
      skipWeekends: false,
      contactLimit: null,
      senderAccountId: null,
      senderAccountIds: [],
      sendAsEmail: null,
      totalContacts: 0,
      launchedAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    const read = (await me.get(`/api/sequences/${created.id}`)).json();
    expect(read).toEqual({ ...created, createdByName: 'Test User' });
  });

  it('stores every field of the form; empty values mean none', async () => {
    const mailbox = await me.mailbox('owner@example.com', ['sales@example.com']);
    const created = await me.sequence({
      name: 'Tokyo',
      description: ' Intro ',
      timezone: 'Asia/Tokyo',
      skipWeekends: true,
      contactLimit: 50,
      senderAccountId: mailbox,
      sendAsEmail: 'Sales@Example.com',
      status: 'draft',
    });
    expect(created).toMatchObject({
      description: 'Intro',
      timezone: 'Asia/Tokyo',
      skipWeekends: true,
      contactLimit: 50,
      senderAccountId: mailbox,
      sendAsEmail: 'sales@example.com',
    });
    const empty = await me.sequence({
      contactLimit: '',
      senderAccountId: '',
      sendAsEmail: '',
      description: '',
    });
    expect(empty).toMatchObject({
      contactLimit: null,
      senderAccountId: null,
      sendAsEmail: null,
      description: null,
    });
    expect((await me.sequence({ contactLimit: '25' })).contactLimit).toBe(25);
    for (const timezone of SEQUENCE_TIMEZONES)
      expect((await me.sequence({ timezone })).timezone).toBe(timezone);
  });

  it('answers each invalid field with its message and creates nothing', async () => {
    const mine = await me.mailbox();
    const theirs = await other.mailbox();
    const cases: [object, string][] = [
      [{ name: undefined }, 'Sequence name is required'],
      [{ name: '   ' }, 'Sequence name is required'],
      [{ name: 42 }, 'Sequence name is required'],
      [{ name: 'x'.repeat(201) }, 'Sequence name must be at most 200 characters'],
      [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
      [{ timezone: 'Mars/Olympus' }, SEQUENCE_TIMEZONE_INVALID],
      [{ timezone: 'Europe/Berlin' }, SEQUENCE_TIMEZONE_INVALID],
      [{ skipWeekends: 'yes' }, 'Skip weekends must be true or false'],
      [{ contactLimit: 0 }, CONTACT_LIMIT_INVALID],
      [{ contactLimit: -3 }, CONTACT_LIMIT_INVALID],
      [{ contactLimit: 1.5 }, CONTACT_LIMIT_INVALID],
      [{ contactLimit: 'many' }, CONTACT_LIMIT_INVALID],
      [{ senderAccountId: 'nope' }, SENDER_ACCOUNT_NOT_FOUND],
      [{ senderAccountId: theirs }, SENDER_ACCOUNT_NOT_FOUND],
      [{ senderAccountIds: [mine, crypto.randomUUID()] }, SENDER_ACCOUNT_NOT_FOUND],
      [{ sendAsEmail: 'not-an-address' }, SEND_AS_EMAIL_INVALID],
      [{ sendAsEmail: 'me@example.com' }, SEND_AS_NEEDS_MAILBOX],
      [{ senderAccountId: mine, sendAsEmail: 'stranger@example.com' }, SEND_AS_NOT_OF_MAILBOX],
      [{ status: 'running' }, NEW_SEQUENCE_STATUS_INVALID],
    ];
    const before = (await me.get('/api/sequences')).json().length;
    for (const [body, message] of cases) {
      expectError(await me.post('/api/sequences', { name: 'Valid', ...body }), 400, message);
    }
    expectError(await me.raw('POST', '/api/sequences', '{"name": "broken'), 400, expect.any(String) as never);
    expect((await me.raw('POST', '/api/sequences', '[1,2]')).statusCode).toBe(400);
    const huge = await me.post('/api/sequences', { name: 'Huge', description: 'x'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect((await me.get('/api/sequences')).json()).toHaveLength(before);
  });

  it('is 404 for an unknown, malformed or other user’s id, and 401 when signed out', async () => {
    const theirs = await other.sequence();
    for (const id of [theirs.id, crypto.randomUUID(), 'not-a-uuid']) {
      expectError(await me.get(`/api/sequences/${id}`), 404, 'Sequence not found');
    }
    const mine = await me.sequence({ name: 'Mine' });
    const before = await rowOf(mine.id);
    expectError(await other.patch(`/api/sequences/${mine.id}`, { name: 'Taken' }), 404, 'Sequence not found');
    expectError(await other.get(`/api/sequences/${mine.id}`), 404, 'Sequence not found');
    expect(await rowOf(mine.id)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/sequences' })).statusCode).toBe(401);
  });
});

describe('GET /api/sequences', () => {
  it('lists cards newest first with step, enrolled and active counts; only the user’s', async () => {
    const fresh = await sequenceUser(t.app, t.database);
    expect((await fresh.get('/api/sequences')).json()).toEqual([]);
    const older = await fresh.sequence({ name: 'Older' });
    t.clock.advance(1000);
    const newer = await fresh.sequence({ name: 'Newer' });
    const template = await fresh.template();
    const first = await fresh.emailStep(newer.id, template);
    await fresh.emailStep(newer.id, template);
    await fresh.enrolment(newer.id, { currentStepId: first.id });
    await fresh.enrolment(newer.id, { status: 'completed' });
    await fresh.enrolment(newer.id, { status: 'paused' });
    const cards = (await fresh.get('/api/sequences')).json() as SequenceCard[];
    expect(cards.map((c) => [c.name, c.stepCount, c.enrolledCount, c.activeCount])).toEqual([
      ['Newer', 2, 3, 1],
      ['Older', 0, 0, 0],
    ]);
    expect(cards[1]).toMatchObject({ id: older.id, status: 'draft', timezone: 'UTC', skipWeekends: false });
    expect((await other.get('/api/sequences')).json().map((c: SequenceCard) => c.id)).not.toContain(newer.id);
  });
});

describe('GET /api/sequences: emails', () => {
  it('gives each card the contacts it emailed, opened and replied (a reply counts as an open); scheduled and failed ones do not count', async () => {
    const fresh = await sequenceUser(t.app, t.database);
    const seeds = sendingSeeds(t.database.db, fresh.workspaceId);
    const busy = await fresh.sequence({ name: 'Busy' });
    t.clock.advance(1000);
    const quiet = await fresh.sequence({ name: 'Quiet' });
    const [twice, answered, unseen] = [
      await fresh.enrolment(busy.id),
      await fresh.enrolment(busy.id),
      await fresh.enrolment(busy.id),
    ];
    const at = new Date('2026-11-20T09:00:00Z');
    await seeds.send(twice, { sentAt: at });
    await seeds.send(twice, { sentAt: at, openedAt: at });
    await seeds.send(answered, { sentAt: at, openedAt: at, repliedAt: at });
    await seeds.send(unseen, { sentAt: at, repliedAt: at });
    await seeds.send(twice, { state: 'scheduled', sentAt: null });
    await seeds.send(twice, { state: 'failed', sentAt: null });
    const cards = (await fresh.get('/api/sequences')).json() as SequenceCard[];
    expect(cards.map((c) => [c.name, c.sent, c.opened, c.replied])).toEqual([
      ['Quiet', 0, 0, 0],
      ['Busy', 3, 3, 2],
    ]);
    expect(quiet.id).toBe(cards[0]?.id);
  });
});

describe('PATCH /api/sequences/{id}', () => {
  it('changes the sent fields only, and applies skipWeekends to every step', async () => {
    const sequence = await me.sequence({ name: 'Before', description: 'Keep', contactLimit: 10 });
    const step = await me.emailStep(sequence.id, await me.template());
    t.clock.advance(60_000);
    const response = await me.patch(`/api/sequences/${sequence.id}`, {
      name: 'After',
      timezone: 'Europe/Paris',
      skipWeekends: true,
      contactLimit: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'After',
      description: 'Keep',
      timezone: 'Europe/Paris',
      skipWeekends: true,
      contactLimit: null,
      status: 'draft',
      updatedAt: t.clock.now().toISOString(),
    });
    const [stored] = await t.database.db.select().from(sequenceSteps).where(eq(sequenceSteps.id, step.id));
    expect(stored!.skipWeekends).toBe(true);
    const cleared = await me.patch(`/api/sequences/${sequence.id}`, { description: '', contactLimit: '' });
    expect(cleared.json()).toMatchObject({ description: null, contactLimit: null, name: 'After' });
  });

  it('refuses invalid values with their message and changes nothing', async () => {
    const sequence = await me.sequence({ name: 'Stays', timezone: 'Asia/Tokyo' });
    const before = await rowOf(sequence.id);
    const cases: [unknown, string][] = [
      [{ name: '' }, 'Sequence name is required'],
      [{ timezone: 'Nowhere' }, SEQUENCE_TIMEZONE_INVALID],
      [{ contactLimit: 0 }, CONTACT_LIMIT_INVALID],
      [{ senderAccountId: await other.mailbox() }, SENDER_ACCOUNT_NOT_FOUND],
      [{ status: 'published' }, 'Status must be one of: draft, running, paused, completed'],
      [{ name: 'Valid', description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ];
    for (const [body, message] of cases) {
      expectError(await me.patch(`/api/sequences/${sequence.id}`, body), 400, message);
    }
    expect((await me.raw('PATCH', `/api/sequences/${sequence.id}`, '{"name":')).statusCode).toBe(400);
    expect(await rowOf(sequence.id)).toEqual(before);
  });

  it('chooses a mailbox and a send-as alias of it, and clears them with empty values', async () => {
    const sequence = await me.sequence();
    const mailbox = await me.mailbox('main@example.com', ['alias@example.com']);
    const chosen = await me.patch(`/api/sequences/${sequence.id}`, {
      senderAccountId: mailbox,
      sendAsEmail: 'alias@example.com',
    });
    expect(chosen.json()).toMatchObject({ senderAccountId: mailbox, sendAsEmail: 'alias@example.com' });
    const cleared = await me.patch(`/api/sequences/${sequence.id}`, { senderAccountId: '', sendAsEmail: '' });
    expect(cleared.json()).toMatchObject({ senderAccountId: null, sendAsEmail: null });
  });
});

describe('DELETE /api/sequences/{id}', () => {
  it('deletes the sequence with its steps, linked lists and enrolments', async () => {
    const sequence = await me.sequence();
    const step = await me.emailStep(sequence.id, await me.template());
    const listId = await me.list();
    await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: listId });
    await me.enrolment(sequence.id, { currentStepId: step.id });
    const response = await me.delete(`/api/sequences/${sequence.id}`);
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
    expectError(await me.get(`/api/sequences/${sequence.id}`), 404, 'Sequence not found');
    const db = t.database.db;
    expect(await db.select().from(sequenceSteps).where(eq(sequenceSteps.sequenceId, sequence.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(sequencePersonas).where(eq(sequencePersonas.sequenceId, sequence.id)),
    ).toEqual([]);
    expect(
      await db.select().from(sequenceContacts).where(eq(sequenceContacts.sequenceId, sequence.id)),
    ).toEqual([]);
    expect((await me.get(`/api/personas/${listId}`)).statusCode).toBe(200);
    expectError(await me.delete(`/api/sequences/${sequence.id}`), 404, 'Sequence not found');
  });
});

describe('POST /api/sequences/{id}/contacts (the route stays registered)', () => {
  it('enrolls the user’s contacts and answers 404 for another user’s sequence', async () => {
    const client = await signedInClient(t.app);
    const sequence = (await client.post('/api/sequences', { name: 'Enrol' })).json();
    const a = await client.contact(emailOf('a'));
    const first = await client.post(`/api/sequences/${sequence.id}/contacts`, { contactIds: [a] });
    expect([first.statusCode, first.json().enrolled]).toEqual([200, 1]);
    const theirs = await other.sequence();
    expectError(
      await client.post(`/api/sequences/${theirs.id}/contacts`, { contactIds: [a] }),
      404,
      'Sequence not found',
    );
    expectError(
      await client.post(`/api/sequences/${sequence.id}/contacts`, { contactIds: [] }),
      400,
      'Please select at least one contact',
    );
  });
});
