import { applyReply, runEngineRound } from '@prospector/core';
import { contacts, emailSends, personaContacts, sequenceContacts, settings } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser, header } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const at = (iso: string) => env.clock.set(new Date(iso));

/** Step 1 (1-hour window) then, on the given outcome, step 2 one day later in the same thread. */
async function twoSteps(u: EngineUser, outcome: 'notOpened' | 'openedNoReply' | 'replied', step2 = {}) {
  const first = await u.template('Intro for {{first_name|you}}', '<p>Hello {{name}}</p>');
  const second = await u.template('Second subject', '<p>Following up</p>');
  const sequence = await u.sequence();
  const step1 = await u.step(sequence.id, 1, { templateId: first.id, reactionWindowHours: 1 });
  const step2Row = await u.step(sequence.id, 2, { templateId: second.id, delayDays: 3, ...step2 });
  await u.linkStep(step1.id, { [`${outcome}StepId`]: step2Row.id, [`${outcome}WaitDays`]: 1 });
  const contact = await u.contact({ firstName: 'Ada' });
  await u.list(sequence.id, [contact]);
  expect((await u.launch(sequence.id)).status).toBe(200);
  at('2025-05-01T10:00:00Z');
  await runEngineRound(u.deps);
  const [sent] = await u.sends(sequence.id);
  expect(sent?.state).toBe('sent');
  return { sequence, step1, step2: step2Row, contact, first: sent! };
}

const enrolmentOf = async (contactId: string) =>
  (
    await env.database.db.select().from(sequenceContacts).where(eq(sequenceContacts.contactId, contactId))
  )[0]!;

describe('reaction windows and branches', () => {
  it('not opened: judged at the deadline, the follow-up goes into the same thread with Re:', async () => {
    const u = await engineUser(env);
    const { sequence, step2, contact, first } = await twoSteps(u, 'notOpened');
    at('2025-05-01T10:59:59Z');
    await runEngineRound(u.deps);
    expect(await u.sends(sequence.id)).toHaveLength(1);

    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    const [judged, followUp] = await u.sends(sequence.id);
    expect(judged).toMatchObject({ reaction: 'not_opened' });
    expect(judged?.judgedAt?.toISOString()).toBe('2025-05-01T11:00:00.000Z');
    // The outcome's wait days (1), not the step's delay (3): the next local day at 10:00.
    expect(followUp).toMatchObject({ stepId: step2.id, state: 'scheduled', subject: 'Re: Intro for Ada' });
    expect(followUp?.scheduledFor.toISOString()).toBe('2025-05-02T10:00:00.000Z');
    expect(followUp?.inReplyTo).toBe(first.messageId);
    const [row] = await env.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.notOpenedStreak).toBe(1);

    at('2025-05-02T10:00:00Z');
    await runEngineRound(u.deps);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(2);
    const [one, two] = inbox;
    expect(two?.threadId).toBe(one?.threadId);
    expect(header(two!, 'Subject')).toBe('Re: Intro for Ada');
    expect(header(two!, 'In-Reply-To')).toBe(first.messageId);
    expect(header(two!, 'References')).toContain(first.messageId);
    expect((await enrolmentOf(contact.id)).threadMessageIds).toHaveLength(2);
  });

  it('an open one second before the deadline takes opened-no-reply; one second after does not', async () => {
    const u = await engineUser(env);
    const before = await twoSteps(u, 'openedNoReply', { threadWithPrevious: false });
    await env.database.db
      .update(emailSends)
      .set({ openedAt: new Date('2025-05-01T10:59:59Z') })
      .where(eq(emailSends.id, before.first.id));
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    const [judged, next] = await u.sends(before.sequence.id);
    expect(judged?.reaction).toBe('opened_no_reply');
    // threadWithPrevious off: its own subject and a new thread.
    expect(next).toMatchObject({ subject: 'Second subject', inReplyTo: null });
    at('2025-05-02T10:00:00Z');
    await runEngineRound(u.deps);
    const [one, two] = await u.inbox();
    expect(two?.threadId).not.toBe(one?.threadId);

    const v = await engineUser(env);
    at('2025-05-01T09:00:00Z');
    const after = await twoSteps(v, 'openedNoReply');
    await env.database.db
      .update(emailSends)
      .set({ openedAt: new Date('2025-05-01T11:00:01Z') })
      .where(eq(emailSends.id, after.first.id));
    at('2025-05-01T11:00:01Z');
    await runEngineRound(v.deps);
    const sends = await v.sends(after.sequence.id);
    expect(sends[0]?.reaction).toBe('not_opened');
    // Not-opened has no target here: the enrolment completes.
    expect(sends).toHaveLength(1);
    expect((await enrolmentOf(after.contact.id)).status).toBe('completed');
  });

  it('a reply while the follow-up is scheduled cancels it and ends the enrolment as replied', async () => {
    const u = await engineUser(env);
    const { sequence, first, contact } = await twoSteps(u, 'notOpened');
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    expect((await u.sends(sequence.id))[1]?.state).toBe('scheduled');

    at('2025-05-01T15:00:00Z');
    const reply = { workspaceId: u.workspaceId, emailSendId: first.id, at: new Date('2025-05-01T14:30:00Z') };
    expect(await applyReply(u.deps, reply)).toBe(true);
    expect(await applyReply(u.deps, reply)).toBe(false);
    const [answered, cancelled] = await u.sends(sequence.id);
    expect(answered).toMatchObject({ reaction: 'replied' });
    expect(answered?.repliedAt?.toISOString()).toBe('2025-05-01T14:30:00.000Z');
    expect(cancelled?.state).toBe('cancelled');
    const enrolment = await enrolmentOf(contact.id);
    expect(enrolment.status).toBe('replied');
    expect(enrolment.completedAt?.toISOString()).toBe('2025-05-01T14:30:00.000Z');

    at('2025-05-03T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
  });

  it('a reply takes the replied outcome at the reply instant, with its wait days', async () => {
    const u = await engineUser(env);
    const { sequence, first, step2 } = await twoSteps(u, 'replied');
    await applyReply(u.deps, {
      workspaceId: u.workspaceId,
      emailSendId: first.id,
      at: new Date('2025-05-01T10:20:00Z'),
    });
    const [, thanks] = await u.sends(sequence.id);
    expect(thanks).toMatchObject({ stepId: step2.id, state: 'scheduled' });
    expect(thanks?.scheduledFor.toISOString()).toBe('2025-05-02T10:00:00.000Z');
  });

  it('a wait step then an add-to-list step lead to the next send', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence();
    const list = await u.list(sequence.id, []);
    const target = await u.list(sequence.id, []);
    const send1 = await u.step(sequence.id, 1, { templateId: template.id, reactionWindowHours: 1 });
    const wait = await u.step(sequence.id, 2, { stepType: 'wait', waitValue: 5, waitUnit: 'hours' });
    const add = await u.step(sequence.id, 3, { stepType: 'add_to_persona', personaId: target.id });
    const send2 = await u.step(sequence.id, 4, { templateId: template.id, delayDays: 1, sendHour: 8 });
    await u.linkStep(send1.id, { notOpenedStepId: wait.id });
    await u.linkStep(wait.id, { nextActionType: 'add_to_persona', nextActionStepId: add.id });
    await u.linkStep(add.id, { nextActionType: 'send_email', nextActionStepId: send2.id });
    const contact = await u.contact();
    await u.addToList(list.id, [contact]);
    await u.launch(sequence.id);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    expect((await enrolmentOf(contact.id)).nextRunAt?.toISOString()).toBe('2025-05-01T16:00:00.000Z');
    at('2025-05-01T16:00:00Z');
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    const members = await env.database.db
      .select()
      .from(personaContacts)
      .where(and(eq(personaContacts.personaId, target.id), eq(personaContacts.contactId, contact.id)));
    expect(members).toHaveLength(1);
    const sends = await u.sends(sequence.id);
    expect(sends.map((s) => s.stepId)).toEqual([send1.id, send2.id]);
    // Reached at the wait's end (16:00) with its delay of 1 day, at 08:00.
    expect(sends[1]?.scheduledFor.toISOString()).toBe('2025-05-02T08:00:00.000Z');
  });

  it('blacklists at the user’s limit of emails not opened in a row and stops every enrolment', async () => {
    const u = await engineUser(env);
    await env.database.db
      .insert(settings)
      .values({ workspaceId: u.workspaceId, key: 'contacts', value: { maxContinuousNotOpens: 1 } });
    const { sequence, contact } = await twoSteps(u, 'notOpened');
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    const [row] = await env.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.tags).toContain('blacklist');
    const enrolment = await enrolmentOf(contact.id);
    expect(enrolment.status).toBe('stopped');
    expect(await u.sends(sequence.id)).toHaveLength(1);
  });
});
