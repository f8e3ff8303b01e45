import type { ContactActivity } from '@prospector/contracts';
import { runEngineRound } from '@prospector/core';
import { contacts, sequenceContacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser, header } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { importedSequence } from './personalisation-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

describe('personalisation: custom fields from a CSV, the launch check, and no email sent with a gap', () => {
  it('imports a custom column and sends it filled in, in the subject and the body', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(
      u,
      'On-call at {{company}}',
      '<p>{{icebreaker}}, {{first_name}}</p>',
      [
        {
          email: 'ada@acme.example',
          firstName: 'Ada',
          organizationName: 'Acme',
          customFields: { icebreaker: 'Loved your SRE talk' },
        },
      ],
    );
    const listed = (await u.browser.get('/api/contacts')).json<{ contacts: { customFields: object }[] }>();
    expect(listed.contacts[0]?.customFields).toEqual({ icebreaker: 'Loved your SRE talk' });
    const variables = (await u.browser.get('/api/template-variables')).json<{ customKeys: string[] }>();
    expect(variables.customKeys).toEqual(['icebreaker']);

    expect((await u.launch(sequence.id)).status).toBe(200);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(u.deps);
    const [message] = await u.inbox();
    expect(header(message!, 'Subject')).toBe('On-call at Acme');
    expect(message?.html).toContain('<p>Loved your SRE talk, Ada</p>');
  });

  it('sends the fallback of a custom column to a contact whose cell was empty, as the preview showed', async () => {
    const u = await engineUser(env);
    const { sequence, step } = await importedSequence(
      u,
      'Hi {{first_name}}',
      '<p>{{icebreaker|I came across your profile}}</p>',
      [
        { email: 'ada@acme.example', firstName: 'Ada', customFields: { icebreaker: 'Loved your SRE talk' } },
        { email: 'emma@contoso.example', firstName: 'Emma', customFields: {} },
      ],
    );
    const [emma] = await env.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'emma@contoso.example'));
    const preview = await u.browser.get(
      `/api/sequences/${sequence.id}/steps/${step.id}/preview?contactId=${emma!.id}`,
    );
    expect(preview.json<{ html: string }>().html).toContain('I came across your profile');

    expect((await u.launch(sequence.id)).status).toBe(200);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(u.deps);
    const sent = await u.inbox();
    const toEmma = sent.find((m) => header(m, 'To')?.includes('emma@contoso.example'));
    expect(toEmma?.html).toContain('<p>I came across your profile</p>');
    expect(sent).toHaveLength(2);
  });

  it('refuses a launch that uses an unknown variable, naming it', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(u, 'Hi', '<p>{{icebreakr}}</p>', [
      { email: 'ada@acme.example', customFields: { icebreaker: 'x' } },
    ]);
    const response = await u.launch(sequence.id);
    expect(response.status).toBe(422);
    expect(response.json()).toMatchObject({ code: 'UNKNOWN_VARIABLES', variables: ['{{icebreakr}}'] });
    const enrolled = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    expect(enrolled).toHaveLength(0);
  });

  it('lists the contacts without a value, then launches without them when asked', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(u, 'At {{company}}', '<p>{{first_name|there}}</p>', [
      { email: 'a@acme.example', organizationName: 'Acme' },
      { email: 'b@nowhere.example' },
      { email: 'c@nowhere.example' },
    ]);
    const review = await u.browser.get(`/api/sequences/${sequence.id}/launch-variables`);
    expect(review.json()).toEqual({
      unknown: [],
      missing: [{ variable: '{{company}}', contacts: 2, sample: ['b@nowhere.example', 'c@nowhere.example'] }],
    });
    const refused = await u.launch(sequence.id);
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'MISSING_VARIABLES',
      message: '2 contacts have no {{company}}',
      missing: [{ variable: '{{company}}', contacts: 2, sample: ['b@nowhere.example', 'c@nowhere.example'] }],
    });

    const launched = await u.browser.post(`/api/sequences/${sequence.id}/launch`, {
      skipContactsMissingValues: true,
    });
    expect(launched.status).toBe(200);
    expect(launched.json()).toMatchObject({ enrolled: 1, skippedMissingValues: 2 });
    const sends = await u.sends(sequence.id);
    expect(sends.map((s) => s.subject)).toEqual(['At Acme']);
  });

  it('checks contacts added to a running sequence the same way', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(u, 'At {{company}}', '<p>x</p>', [
      { email: 'a@acme.example', organizationName: 'Acme' },
    ]);
    expect((await u.launch(sequence.id)).status).toBe(200);
    const lonely = await u.contact({ email: 'lonely@nowhere.example' });
    const added = await u.browser.post(`/api/sequences/${sequence.id}/contacts`, { contactIds: [lonely.id] });
    expect(added.status).toBe(422);
    expect(added.json()).toMatchObject({ code: 'MISSING_VARIABLES' });
  });

  it('marks an email Failed when its value was cleared after launch, and retries it once the contact has one', async () => {
    const u = await engineUser(env);
    const template = await u.template('Step one', '<p>one</p>');
    const followUp = await u.template('{{icebreaker}}', '<p>About {{icebreaker}}</p>');
    const sequence = await u.sequence();
    const first = await u.step(sequence.id, 1, { templateId: template.id, reactionWindowHours: 1 });
    const second = await u.step(sequence.id, 2, { templateId: followUp.id, threadWithPrevious: false });
    await u.linkStep(first.id, { notOpenedStepId: second.id, notOpenedWaitDays: 0 });
    const ada = await u.contact({ email: 'ada@acme.example', customFields: { icebreaker: 'Your talk' } });
    await u.list(sequence.id, [ada]);
    expect((await u.launch(sequence.id)).status).toBe(200);

    const cleared = await u.browser.patch(`/api/contacts/${ada.id}`, { customFields: {} });
    expect(cleared.json<{ customFields: object }>().customFields).toEqual({});
    // Step one goes at 10:00; its window closes at 11:00, when the follow-up is reached without a value.
    for (const at of ['2025-05-01T10:00:00Z', '2025-05-01T11:00:00Z']) {
      env.clock.set(new Date(at));
      await runEngineRound(u.deps);
    }
    const failed = (await u.sends(sequence.id)).find((s) => s.stepId === second.id);
    expect(failed).toMatchObject({ state: 'failed', lastError: 'no value for {{icebreaker}}' });
    expect(await u.inbox()).toHaveLength(1);
    // The contact's profile says why the enrolment ended, on its sequence and in its timeline.
    const activity = (await u.browser.get(`/api/contacts/${ada.id}/activity`)).json<ContactActivity>();
    expect(activity.sequences).toEqual([
      expect.objectContaining({ status: 'failed', reason: 'no value for {{icebreaker}}' }),
    ]);
    expect(activity.events.find((event) => event.type === 'enrolment_ended')).toMatchObject({
      at: '2025-05-01T11:00:00.000Z',
      status: 'failed',
      reason: 'no value for {{icebreaker}}',
    });

    const early = await u.browser.post(`/api/email-sends/${failed!.id}/retry`);
    expect(early.status).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'Still no value for {{icebreaker}}: edit the contact, then retry',
    );
    await u.browser.patch(`/api/contacts/${ada.id}`, { customFields: { icebreaker: 'Your new talk' } });
    expect((await u.browser.post(`/api/email-sends/${failed!.id}/retry`)).status).toBe(200);
    await runEngineRound(u.deps);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(2);
    expect(header(inbox[1]!, 'Subject')).toBe('Your new talk');
    expect(inbox[1]?.html).toContain('About Your new talk');
  });

  it("never lists or fills another user's custom keys", async () => {
    const owner = await engineUser(env);
    await owner.contact({ customFields: { secret_note: 'mine' } });
    const other = await engineUser(env);
    expect((await other.browser.get('/api/template-variables')).json()).toMatchObject({ customKeys: [] });
    const { sequence } = await importedSequence(other, 'Hi', '<p>{{secret_note}}</p>', [
      { email: 'x@acme.example' },
    ]);
    expect((await other.launch(sequence.id)).json()).toMatchObject({
      code: 'UNKNOWN_VARIABLES',
      variables: ['{{secret_note}}'],
    });
  });

  it('refuses bad custom fields with a message naming the limit, and keeps what was saved', async () => {
    const u = await engineUser(env);
    const ada = await u.contact({ customFields: { icebreaker: 'kept' } });
    const bad = await u.browser.patch(`/api/contacts/${ada.id}`, { customFields: { company: 'Acme' } });
    expect(bad.status).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe(
      'Custom field key "company" is a built-in variable: {{company}} already has a value',
    );
    const [row] = await env.database.db.select().from(contacts).where(eq(contacts.id, ada.id));
    expect(row?.customFields).toEqual({ icebreaker: 'kept' });
  });

  it('previews a step as a contact: their values, the sender and the same spintax pick as the sent copy', async () => {
    const u = await engineUser(env);
    const { sequence, step } = await importedSequence(
      u,
      '{{random|Hi|Hello|Hey}} {{first_name}}',
      '<p>{{icebreaker}} from {{sender_email}}</p>',
      [
        { email: 'ada@acme.example', firstName: 'Ada', customFields: { icebreaker: 'Ada note' } },
        { email: 'bo@acme.example', firstName: 'Bo', customFields: { icebreaker: 'Bo note' } },
      ],
    );
    const people = (await u.browser.get(`/api/sequences/${sequence.id}/preview-contacts`)).json<{
      contacts: { id: string; email: string; enrolled: boolean }[];
    }>().contacts;
    expect(people.map((p) => [p.email, p.enrolled])).toEqual([
      ['ada@acme.example', false],
      ['bo@acme.example', false],
    ]);
    const preview = (id: string) =>
      u.browser.get(`/api/sequences/${sequence.id}/steps/${step.id}/preview?contactId=${id}`);
    const bo = (await preview(people[1]!.id)).json<{ subject: string; html: string }>();
    expect(bo.subject).toMatch(/^(Hi|Hello|Hey) Bo$/);
    expect(bo.html).toBe(`<p>Bo note from ${u.account.email}</p>`);

    expect((await u.launch(sequence.id)).status).toBe(200);
    const enrolledPreview = (await preview(people[0]!.id)).json<{ subject: string }>();
    const sent = (await u.sends(sequence.id)).find((s) => s.contactId === people[0]!.id);
    expect(enrolledPreview.subject).toBe(sent?.subject);

    const stranger = await engineUser(env);
    expect(
      (
        await stranger.browser.get(
          `/api/sequences/${sequence.id}/steps/${step.id}/preview?contactId=${people[0]!.id}`,
        )
      ).status,
    ).toBe(404);
    expect((await u.browser.get(`/api/sequences/${sequence.id}/steps/${step.id}/preview`)).status).toBe(400);
  });
});

describe('Preview as contact', () => {
  it('counts the contacts the sequence emails, as its launch enrols them, past the contacts it lists', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id });
    const people = [];
    for (let i = 0; i < 205; i++) people.push(await u.contact());
    const unsubscribed = await u.contact({ unsubscribed: true });
    const bounced = await u.contact({ hardBounced: true });
    await u.list(sequence.id, [...people, unsubscribed, bounced]);
    const read = async () =>
      (await u.browser.get(`/api/sequences/${sequence.id}/preview-contacts`)).json<{
        contacts: { id: string; enrolled: boolean }[];
        total: number;
      }>();

    const before = await read();
    expect(before.total).toBe(205);
    expect(before.contacts).toHaveLength(200);
    expect(before.contacts.every((c) => !c.enrolled)).toBe(true);
    expect(before.contacts.map((c) => c.id)).not.toContain(unsubscribed.id);

    const launched = await u.launch(sequence.id);
    expect(launched.json<{ enrolled: number }>().enrolled).toBe(before.total);
    const after = await read();
    expect(after.total).toBe(205);
    expect(after.contacts.every((c) => c.enrolled)).toBe(true);
    // The dry run left nothing behind.
    const rows = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    expect(rows).toHaveLength(205);
  });
});
