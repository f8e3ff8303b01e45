import { applyReply, runEngineRound } from '@prospector/core';
import { sequenceContacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const enrolmentsOf = (sequenceId: string) =>
  env.database.db.select().from(sequenceContacts).where(eq(sequenceContacts.sequenceId, sequenceId));

/** A running two-step sequence (step 2 after a day when not opened) over the given contacts. */
async function twoStepSequence(u: EngineUser, people: { id: string }[], values = {}) {
  const template = await u.template();
  const sequence = await u.sequence(values);
  const first = await u.step(sequence.id, 1, { templateId: template.id });
  const second = await u.step(sequence.id, 2, { templateId: template.id });
  await u.linkStep(first.id, { notOpenedStepId: second.id, notOpenedWaitDays: 1 });
  await u.list(sequence.id, people);
  const launch = await u.browser.post(`/api/sequences/${sequence.id}/launch`, {
    includeContactsInOtherSequences: true,
  });
  expect(launch.status).toBe(200);
  return sequence;
}

/** Sends the first emails (10:00) and answers the contact's email in `sequenceId` at 10:30. */
async function replyTo(u: EngineUser, sequenceId: string, contactId: string) {
  env.clock.set(new Date('2025-05-01T10:00:00Z'));
  await runEngineRound(u.deps);
  const send = (await u.sends(sequenceId)).find((row) => row.contactId === contactId);
  expect(send?.state).toBe('sent');
  env.clock.set(new Date('2025-05-01T10:30:00Z'));
  expect(
    await applyReply(u.deps, { workspaceId: u.workspaceId, emailSendId: send!.id, at: env.clock.now() }),
  ).toBe(true);
}

describe('a reply', () => {
  it("stops the contact in the user's other sequences, and cancels their scheduled emails", async () => {
    const u = await engineUser(env);
    const ada = await u.contact();
    const first = await twoStepSequence(u, [ada]);
    const second = await twoStepSequence(u, [ada]);
    await replyTo(u, first.id, ada.id);
    const [other] = await enrolmentsOf(second.id);
    expect(other).toMatchObject({ status: 'stopped', lastError: 'Replied to the sequence "Engine test"' });
    const [answered] = await enrolmentsOf(first.id);
    expect(answered?.status).toBe('replied');
    expect((await u.sends(second.id)).every((send) => send.state !== 'scheduled')).toBe(true);
  });

  it('leaves the other sequences alone when the setting is off', async () => {
    const u = await engineUser(env);
    const saved = await u.browser.put('/api/settings/contacts', {
      maxContinuousNotOpens: 3,
      stopAllSequencesOnReply: false,
    });
    expect(saved.status).toBe(200);
    const ada = await u.contact();
    const first = await twoStepSequence(u, [ada]);
    const second = await twoStepSequence(u, [ada]);
    await replyTo(u, first.id, ada.id);
    const [other] = await enrolmentsOf(second.id);
    expect(other?.status).toBe('active');
  });

  it("stops the replier's colleagues in a sequence that stops companies, never for free-mail domains", async () => {
    const u = await engineUser(env);
    const ada = await u.contact({ email: 'ada@acme-industries.com' });
    const bob = await u.contact({ email: 'bob@ACME-industries.com' });
    const cora = await u.contact({ email: 'cora@globex-example.com' });
    const gina = await u.contact({ email: 'gina.one@gmail.com' });
    const gus = await u.contact({ email: 'gus.two@gmail.com' });
    const sequence = await twoStepSequence(u, [ada, bob, cora, gina, gus], { stopCompanyOnReply: true });
    await replyTo(u, sequence.id, ada.id);
    const byContact = new Map((await enrolmentsOf(sequence.id)).map((row) => [row.contactId, row]));
    expect(byContact.get(bob.id)).toMatchObject({
      status: 'stopped',
      lastError: 'A colleague at acme-industries.com replied',
    });
    expect(byContact.get(cora.id)?.status).toBe('active');

    env.clock.set(new Date('2025-05-01T10:40:00Z'));
    const ginaSend = (await u.sends(sequence.id)).find((row) => row.contactId === gina.id);
    await applyReply(u.deps, { workspaceId: u.workspaceId, emailSendId: ginaSend!.id, at: env.clock.now() });
    const after = new Map((await enrolmentsOf(sequence.id)).map((row) => [row.contactId, row]));
    expect(after.get(gus.id)?.status).toBe('active');
  });

  it('does not stop colleagues when the sequence does not ask for it', async () => {
    const u = await engineUser(env);
    const ada = await u.contact({ email: 'ada@initech-example.com' });
    const bob = await u.contact({ email: 'bob@initech-example.com' });
    const sequence = await twoStepSequence(u, [ada, bob]);
    await replyTo(u, sequence.id, ada.id);
    const bobs = (await enrolmentsOf(sequence.id)).find((row) => row.contactId === bob.id);
    expect(bobs?.status).toBe('active');
  });
});
