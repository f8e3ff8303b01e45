import { randomUUID } from 'node:crypto';
import { type SequenceStep, STEP_POINTER_FIELDS } from '@prospector/contracts';
import { emailLogs, emailSends, sequenceContacts, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const stepsOf = async (id: string) => (await me.get(`/api/sequences/${id}/steps`)).json() as SequenceStep[];

/** A running sequence with four wired steps, two linked lists and an enrolment with a sent email. */
async function wiredSequence() {
  const mailbox = await me.mailbox();
  const sequence = await me.sequence({
    name: 'Launch',
    description: 'Founders',
    timezone: 'Europe/London',
    skipWeekends: true,
    contactLimit: 40,
    senderAccountId: mailbox,
  });
  const templateId = await me.template();
  const listA = await me.list('A');
  const listB = await me.list('B');
  const a = await me.emailStep(sequence.id, templateId, { name: 'Opener' });
  const b = await me.step(sequence.id, { stepType: 'wait', waitValue: 2, waitUnit: 'days' });
  const c = await me.emailStep(sequence.id, templateId, { name: 'Bump' });
  const d = await me.step(sequence.id, { stepType: 'add_to_persona', personaId: listB });
  await me.patch(`/api/steps/${a.id}`, {
    notOpenedStepId: b.id,
    notOpenedWaitDays: 1,
    openedNoReplyStepId: c.id,
    repliedStepId: d.id,
  });
  await me.patch(`/api/steps/${b.id}`, { nextActionStepId: c.id });
  await me.patch(`/api/steps/${c.id}`, { repliedStepId: d.id });
  for (const personaId of [listA, listB]) {
    await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId });
  }
  const enrolment = await me.enrolment(sequence.id, { currentStepId: c.id });
  await me.post(`/api/sequences/${sequence.id}/activate`);
  const [send] = await t.database.db
    .insert(emailSends)
    .values({
      workspaceId: me.workspaceId,
      sequenceContactId: enrolment.id,
      sequenceId: sequence.id,
      stepId: a.id,
      contactId: enrolment.contactId,
      subject: 'Hi',
      trackingToken: randomUUID(),
      unsubscribeToken: randomUUID(),
      state: 'sent',
      scheduledFor: t.clock.now(),
      sentAt: t.clock.now(),
    })
    .returning();
  await t.database.db.insert(emailLogs).values({
    workspaceId: me.workspaceId,
    emailSendId: send!.id,
    sequenceId: sequence.id,
    stepId: a.id,
    senderAccountId: mailbox,
    senderEmail: 'sender@example.com',
    subject: 'Hi',
    status: 'sent',
    sentAt: t.clock.now(),
  });
  return { sequence, mailbox, lists: [listA, listB], enrolment, sendId: send!.id };
}

describe('POST /api/sequences/{id}/clone', () => {
  it('copies the configuration as a draft, every step with its pointers remapped, and the linked lists', async () => {
    const { sequence, mailbox, lists } = await wiredSequence();
    const sourceSteps = await stepsOf(sequence.id);
    const response = await me.post(`/api/sequences/${sequence.id}/clone`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({
      name: 'Launch (Copy)',
      status: 'draft',
      description: 'Founders',
      timezone: 'Europe/London',
      skipWeekends: true,
      contactLimit: 40,
      senderAccountId: mailbox,
      totalContacts: 0,
      launchedAt: null,
    });
    expect(copy.id).not.toBe(sequence.id);

    const copied = await stepsOf(copy.id);
    expect(copied).toHaveLength(4);
    const sourceOrder = new Map(sourceSteps.map((s) => [s.id, s.order]));
    const copyOrder = new Map(copied.map((s) => [s.id, s.order]));
    for (const [i, step] of copied.entries()) {
      const source = sourceSteps[i]!;
      const { id: _a, sequenceId: _b, createdAt: _c, updatedAt: _d, ...fields } = step;
      const { id: _e, sequenceId: _f, createdAt: _g, updatedAt: _h, ...sourceFields } = source;
      for (const field of STEP_POINTER_FIELDS) {
        // The same target, by position, inside the copy; never a step of the source.
        expect(step[field] ? copyOrder.get(step[field]) : null).toBe(
          source[field] ? sourceOrder.get(source[field]) : null,
        );
        delete (fields as Partial<SequenceStep>)[field];
        delete (sourceFields as Partial<SequenceStep>)[field];
      }
      expect(fields).toEqual(sourceFields);
      expect(step.sequenceId).toBe(copy.id);
      expect(sourceOrder.has(step.id)).toBe(false);
    }
    expect(copied[0]!.notOpenedStepId).toBe(copied[1]!.id);
    expect(copied[1]!.nextActionStepId).toBe(copied[2]!.id);

    const linked = (await me.get(`/api/sequences/${copy.id}/email-lists`)).json();
    expect(linked.map((l: { id: string }) => l.id).sort()).toEqual([...lists].sort());
    const enrolled = await t.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, copy.id));
    expect(enrolled).toEqual([]);
    expect(await t.database.db.select().from(emailSends).where(eq(emailSends.sequenceId, copy.id))).toEqual(
      [],
    );
    // The source is untouched.
    expect(await stepsOf(sequence.id)).toEqual(sourceSteps);
    expect((await me.get(`/api/sequences/${sequence.id}`)).json().status).toBe('running');
    expect((await me.post(`/api/sequences/${copy.id}/clone`)).json().name).toBe('Launch (Copy) (Copy)');
  });

  it('clones a sequence without steps, and is a 404 for another user’s sequence', async () => {
    const bare = await me.sequence({ name: 'Bare' });
    const copy = (await me.post(`/api/sequences/${bare.id}/clone`)).json();
    expect(await stepsOf(copy.id)).toEqual([]);
    const before = (await me.get('/api/sequences')).json().length;
    expectError(await other.post(`/api/sequences/${bare.id}/clone`), 404, 'Sequence not found');
    expectError(await me.post('/api/sequences/nope/clone'), 404, 'Sequence not found');
    expect((await me.get('/api/sequences')).json()).toHaveLength(before);
  });
});

describe('DELETE /api/sequences/{id} and its emails', () => {
  it('removes its sends from Email Sending but keeps the mailbox’s sent-mail log for the limits', async () => {
    const { sequence, enrolment, sendId, mailbox } = await wiredSequence();
    const listedIds = async () =>
      ((await me.get('/api/email-sends')).json() as { id: string }[]).map((r) => r.id);
    expect(await listedIds()).toContain(sendId);
    expectError(await other.delete(`/api/sequences/${sequence.id}`), 404, 'Sequence not found');
    expect((await me.get(`/api/sequences/${sequence.id}`)).statusCode).toBe(200);

    expect((await me.delete(`/api/sequences/${sequence.id}`)).statusCode).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(emailSends).where(eq(emailSends.sequenceId, sequence.id))).toEqual([]);
    expect(await db.select().from(sequenceContacts).where(eq(sequenceContacts.id, enrolment.id))).toEqual([]);
    expect(await listedIds()).not.toContain(sendId);
    const logs = await db.select().from(emailLogs).where(eq(emailLogs.senderAccountId, mailbox));
    expect(logs.map((log) => [log.status, log.sequenceId, log.stepId, log.emailSendId])).toEqual([
      ['sent', null, null, null],
    ]);
    expect(await db.select().from(sequences).where(eq(sequences.id, sequence.id))).toEqual([]);
  });
});
