import { runEngineRound } from '@prospector/core';
import { emailSends, sequenceContacts, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser, header } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const patchTemplate = (browser: ReturnType<MailboxApp['browser']>, id: string, body: object) =>
  browser.patch(`/api/templates/${id}`, body);

describe('an edit of a template reaches its queued emails', () => {
  it('renders every queued email again, leaves a claimed one alone, and the engine sends the new subject', async () => {
    const u = await engineUser(env);
    const { sequence } = await u.launchOneStep(3);
    const [templateId] = (await u.sends(sequence.id)).map((s) => s.templateId);
    const count = await u.browser.get(`/api/templates/${templateId}/queued-emails`);
    expect([count.status, count.json()]).toEqual([200, { queued: 3 }]);

    // One email is already claimed by a worker: it is being sent as it was.
    const [claimed, ...queued] = await u.sends(sequence.id);
    await env.database.db.update(emailSends).set({ state: 'sending' }).where(eq(emailSends.id, claimed!.id));

    const edited = await patchTemplate(u.browser, templateId!, {
      subject: 'New subject for {{first_name|you}}',
      htmlBody: '<p>Edited for {{name}}</p>',
    });
    expect(edited.status).toBe(200);
    const after = new Map((await u.sends(sequence.id)).map((s) => [s.id, s]));
    expect(after.get(claimed!.id)).toMatchObject({ subject: claimed!.subject, htmlBody: claimed!.htmlBody });
    for (const send of queued) {
      const now = after.get(send.id)!;
      expect(now.subject).toBe('New subject for you');
      expect(now.htmlBody).toContain('Edited for there');
      expect(now.htmlBody).toContain(`/t/o/${send.trackingToken}`);
      expect([now.state, now.messageId, now.trackingToken]).toEqual([
        'scheduled',
        send.messageId,
        send.trackingToken,
      ]);
    }

    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(u.deps);
    const subjects = (await u.inbox()).map((m) => header(m, 'Subject'));
    expect(subjects).toEqual(['New subject for you', 'New subject for you']);
  });

  it('fails a queued email the edit leaves without a value, with its enrolment, as the engine would', async () => {
    const u = await engineUser(env);
    const template = await u.template('Hi {{first_name|there}}', '<p>Hello</p>');
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id });
    const withCompany = await u.contact({ organizationName: 'Acme' });
    const without = await u.contact();
    await u.list(sequence.id, [withCompany, without]);
    expect((await u.launch(sequence.id)).status).toBe(200);

    expect((await patchTemplate(u.browser, template.id, { subject: 'About {{company}}' })).status).toBe(200);
    const sends = await u.sends(sequence.id);
    const byContact = new Map(sends.map((s) => [s.contactId, s]));
    expect(byContact.get(withCompany.id)).toMatchObject({ state: 'scheduled', subject: 'About Acme' });
    expect(byContact.get(without.id)).toMatchObject({
      state: 'failed',
      lastError: 'no value for {{company}}',
    });
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.contactId, without.id));
    expect(enrolment).toMatchObject({ status: 'failed', lastError: 'no value for {{company}}' });
  });

  it('counts only queued emails of running or paused sequences, and only for the owner', async () => {
    const u = await engineUser(env);
    const { sequence } = await u.launchOneStep(2);
    const [templateId] = (await u.sends(sequence.id)).map((s) => s.templateId);
    await env.database.db.update(sequences).set({ status: 'paused' }).where(eq(sequences.id, sequence.id));
    expect((await u.browser.get(`/api/templates/${templateId}/queued-emails`)).json()).toEqual({ queued: 2 });
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await env.database.db.update(sequences).set({ status: 'running' }).where(eq(sequences.id, sequence.id));
    await runEngineRound(u.deps);
    expect((await u.browser.get(`/api/templates/${templateId}/queued-emails`)).json()).toEqual({ queued: 0 });
    const other = await engineUser(env);
    const foreign = await other.browser.get(`/api/templates/${templateId}/queued-emails`);
    expect([foreign.status, foreign.json<{ message: string }>().message]).toEqual([
      404,
      'Template not found',
    ]);
  });
});

describe("a change of a step's template reaches its queued emails", () => {
  it('moves the queued emails of the step to the new template, rendered from it', async () => {
    const u = await engineUser(env);
    const { sequence } = await u.launchOneStep(2);
    const [first] = await u.sends(sequence.id);
    const counted = await u.browser.get(
      `/api/templates/${first!.templateId}/queued-emails?stepId=${first!.stepId}`,
    );
    expect(counted.json()).toEqual({ queued: 2 });
    const replacement = await u.template('Replacement for {{first_name|you}}', '<p>New text</p>');

    const patched = await u.browser.patch(`/api/steps/${first!.stepId}`, { templateId: replacement.id });
    expect(patched.status).toBe(200);
    for (const send of await u.sends(sequence.id)) {
      expect(send).toMatchObject({
        templateId: replacement.id,
        subject: 'Replacement for you',
        state: 'scheduled',
      });
      expect(send.htmlBody).toContain('New text');
    }
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(u.deps);
    expect((await u.inbox()).map((m) => header(m, 'Subject'))).toEqual([
      'Replacement for you',
      'Replacement for you',
    ]);
  });
});

describe('a template a running or paused sequence sends cannot vanish', () => {
  it('refuses its deletion with 409 naming the sequences, and allows it once none is live', async () => {
    const u = await engineUser(env);
    const { sequence } = await u.launchOneStep(1, { name: 'Q3 founders' });
    const [templateId] = (await u.sends(sequence.id)).map((s) => s.templateId);
    const paused = await u.sequence({ name: 'Agencies', status: 'paused' });
    await u.step(paused.id, 1, { templateId });

    const refused = await u.browser.delete(`/api/templates/${templateId}`);
    expect([refused.status, refused.json()]).toEqual([
      409,
      {
        code: 'CONFLICT',
        message:
          'This template is used by "Agencies" (paused) and "Q3 founders" (running): choose another template for their steps or complete those sequences before deleting it',
        sequences: [
          { id: paused.id, name: 'Agencies', status: 'paused' },
          { id: sequence.id, name: 'Q3 founders', status: 'running' },
        ],
      },
    ]);
    expect((await u.browser.get(`/api/templates/${templateId}`)).status).toBe(200);

    await env.database.db
      .update(sequences)
      .set({ status: 'completed' })
      .where(eq(sequences.workspaceId, u.workspaceId));
    expect((await u.browser.delete(`/api/templates/${templateId}`)).status).toBe(200);
    expect((await u.browser.get(`/api/templates/${templateId}`)).status).toBe(404);
  });
});
