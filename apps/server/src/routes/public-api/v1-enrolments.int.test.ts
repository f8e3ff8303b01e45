import { API_SCOPES, type ApiKeyCreated } from '@prospector/contracts';
import { runEngineRound } from '@prospector/core';
import { emailSends } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
  env.clock.set(new Date('2025-05-01T08:00:00Z'));
});
afterAll(() => env?.close());

/** A user with a mailbox and an API key with every scope, calling /api/v1 over HTTP. */
async function apiEngineUser() {
  const u = await engineUser(env);
  const created = await u.browser.post('/api/api-keys', { name: 'Sync', scopes: API_SCOPES });
  const { key } = created.json<ApiKeyCreated>();
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${env.appUrl}/api/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read field by field by the assertions
    return { status: response.status, json: (await response.json()) as any };
  };
  return { u, call };
}

const sendsOf = (u: EngineUser, sequenceId: string, contactId: string) =>
  env.database.db
    .select({ state: emailSends.state })
    .from(emailSends)
    .where(
      and(
        eq(emailSends.workspaceId, u.workspaceId),
        eq(emailSends.sequenceId, sequenceId),
        eq(emailSends.contactId, contactId),
      ),
    );

describe('/api/v1/sequences/{id}/enrolments', () => {
  it('enrols one contact into a running sequence as a launch does: one email, sent once', async () => {
    const { u, call } = await apiEngineUser();
    const { sequence } = await u.launchOneStep(1);
    env.clock.advance(60_000);
    const contact = await u.contact({ firstName: 'Ada' });
    const enrolled = await call('POST', `/sequences/${sequence.id}/enrolments`, { contactId: contact.id });
    expect(enrolled.status).toBe(201);
    expect(enrolled.json).toMatchObject({
      sequenceId: sequence.id,
      contactId: contact.id,
      contactEmail: contact.email,
      status: 'active',
      currentStep: { order: 1, name: 'Step 1' },
    });
    expect(await sendsOf(u, sequence.id, contact.id)).toEqual([{ state: 'scheduled' }]);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    expect(await sendsOf(u, sequence.id, contact.id)).toEqual([{ state: 'sent' }]);

    const again = await call('POST', `/sequences/${sequence.id}/enrolments`, { contactId: contact.id });
    expect(again).toMatchObject({ status: 409, json: { code: 'ALREADY_ENROLLED' } });
    expect(await sendsOf(u, sequence.id, contact.id)).toHaveLength(1);
    const listed = await call('GET', `/sequences/${sequence.id}/enrolments?limit=1`);
    expect(listed.json.data).toEqual([expect.objectContaining({ contactId: contact.id })]);
    expect(listed.json.nextCursor).not.toBeNull();

    // Two requests at once for one contact: the sequence's lock lets one enrol it, the other is told so.
    const racing = await u.contact({ firstName: 'Grace' });
    const both = await Promise.all(
      [1, 2].map(() => call('POST', `/sequences/${sequence.id}/enrolments`, { contactId: racing.id })),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await sendsOf(u, sequence.id, racing.id)).toEqual([{ state: 'scheduled' }]);
  });

  it('refuses, each with its code, the contacts a launch skips', async () => {
    const { u, call } = await apiEngineUser();
    const { sequence } = await u.launchOneStep(1);
    const other = await u.launchOneStep(1);
    const enrol = (contactId: string) => call('POST', `/sequences/${sequence.id}/enrolments`, { contactId });

    const refusals = [
      [await u.contact({ unsubscribed: true }), 409, 'CONTACT_UNSUBSCRIBED'],
      [await u.contact({ hardBounced: true }), 409, 'CONTACT_BOUNCED'],
      [await u.contact({ tags: ['blacklist'] }), 409, 'CONTACT_BLACKLISTED'],
      [other.people[0]!, 409, 'IN_OTHER_SEQUENCE'],
    ] as const;
    for (const [contact, status, code] of refusals) {
      const answer = await enrol(contact.id);
      expect({ email: contact.email, status: answer.status, code: answer.json.code }).toEqual({
        email: contact.email,
        status,
        code,
      });
    }
    expect((await enrol(other.people[0]!.id)).json.sequenceId).toBe(other.sequence.id);

    await u.browser.post('/api/suppressions', { value: 'blocked@suppressed.example' });
    const blocked = await u.contact({ email: 'blocked@suppressed.example' });
    expect((await enrol(blocked.id)).json.code).toBe('CONTACT_SUPPRESSED');

    const elsewhere = await call('POST', `/sequences/${sequence.id}/enrolments`, {
      contactId: '00000000-0000-4000-8000-000000000000',
    });
    expect(elsewhere).toMatchObject({ status: 404, json: { message: 'Contact not found' } });
    const unknownField = await call('POST', `/sequences/${sequence.id}/enrolments`, {
      contactId: blocked.id,
      contactIds: [blocked.id],
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.message).toContain('contactIds');
    const enrolments = await call('GET', `/sequences/${sequence.id}/enrolments`);
    expect(enrolments.json.data).toHaveLength(1);
  });

  it('refuses a contact without a value its emails need (422), as a launch does', async () => {
    const { u, call } = await apiEngineUser();
    const template = await u.template('Hi {{first_name|there}}', '<p>{{icebreaker}} {{unsubscribe_url}}</p>');
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id });
    const known = await u.contact({ customFields: { icebreaker: 'Loved the talk' } });
    await u.list(sequence.id, [known]);
    expect((await u.launch(sequence.id)).status).toBe(200);
    const bare = await u.contact();
    const refused = await call('POST', `/sequences/${sequence.id}/enrolments`, { contactId: bare.id });
    expect(refused).toMatchObject({ status: 422, json: { code: 'MISSING_VARIABLES' } });
    expect(refused.json.missing).toEqual([{ variable: '{{icebreaker}}', contacts: 1, sample: [bare.email] }]);
    expect(await sendsOf(u, sequence.id, bare.id)).toEqual([]);
  });

  it('stops one enrolment: its scheduled email cancelled, its other sequences untouched', async () => {
    const { u, call } = await apiEngineUser();
    env.clock.set(new Date('2025-05-03T08:00:00Z'));
    const first = await u.launchOneStep(1);
    const second = await u.launchOneStep(1, { includeContactsInOtherSequences: true });
    const contact = await u.contact();
    for (const { sequence } of [first, second])
      expect(
        (await call('POST', `/sequences/${sequence.id}/enrolments`, { contactId: contact.id })).status,
      ).toBe(201);
    const stopped = await call('DELETE', `/sequences/${first.sequence.id}/enrolments/${contact.id}`);
    expect(stopped).toMatchObject({ status: 200, json: { status: 'stopped', reason: 'Stopped by you' } });
    expect(await sendsOf(u, first.sequence.id, contact.id)).toEqual([{ state: 'cancelled' }]);
    expect(await sendsOf(u, second.sequence.id, contact.id)).toEqual([{ state: 'scheduled' }]);
    const stoppedOnly = await call('GET', `/sequences/${first.sequence.id}/enrolments?status=stopped`);
    expect(stoppedOnly.json.data.map((e: { contactId: string }) => e.contactId)).toEqual([contact.id]);
    const twice = await call('DELETE', `/sequences/${first.sequence.id}/enrolments/${contact.id}`);
    expect(twice.json).toMatchObject({ status: 'stopped', completedAt: stopped.json.completedAt });
    const launched = await call(
      'DELETE',
      `/sequences/${first.sequence.id}/enrolments/${first.people[0]!.id}`,
    );
    expect(launched.json).toMatchObject({ contactId: first.people[0]!.id, status: 'stopped' });
    const stranger = await u.contact();
    const none = await call('DELETE', `/sequences/${first.sequence.id}/enrolments/${stranger.id}`);
    expect(none).toMatchObject({
      status: 404,
      json: { message: 'This contact is not enrolled in this sequence' },
    });
  });

  it('pauses and resumes; a never-launched sequence resumes through the launch and its refusals', async () => {
    const { u, call } = await apiEngineUser();
    const { sequence } = await u.launchOneStep(1);
    expect((await call('POST', `/sequences/${sequence.id}/pause`)).json.status).toBe('paused');
    expect((await call('POST', `/sequences/${sequence.id}/resume`)).json.status).toBe('running');

    const template = await u.template();
    const draft = await u.sequence();
    await u.step(draft.id, 1, { templateId: template.id });
    const refused = await call('POST', `/sequences/${draft.id}/resume`);
    expect(refused).toMatchObject({ status: 422, json: { code: 'NOTHING_TO_SEND' } });
    const web = await u.browser.post(`/api/sequences/${draft.id}/activate`);
    expect(refused.json.message).toBe(web.json<{ message: string }>().message);

    const waiting = await u.contact();
    const enrolled = await call('POST', `/sequences/${draft.id}/enrolments`, { contactId: waiting.id });
    expect(enrolled.json).toMatchObject({ status: 'active', currentStep: null });
    expect(await sendsOf(u, draft.id, waiting.id)).toEqual([]);
    const resumed = await call('POST', `/sequences/${draft.id}/resume`);
    expect(resumed.json).toMatchObject({ status: 'running' });
    expect(await sendsOf(u, draft.id, waiting.id)).toEqual([{ state: 'scheduled' }]);
  });

  it("re-renders a template's queued emails when it is changed through the API, as the editor does", async () => {
    const { u, call } = await apiEngineUser();
    env.clock.set(new Date('2025-05-05T08:00:00Z'));
    const { sequence, people } = await u.launchOneStep(1);
    const [send] = await u.sends(sequence.id);
    const changed = await call('PATCH', `/templates/${send!.templateId}`, { subject: 'A new subject' });
    expect(changed).toMatchObject({ status: 200, json: { subject: 'A new subject' } });
    const [queued] = await u.sends(sequence.id);
    expect({ contact: queued!.contactId, subject: queued!.subject, state: queued!.state }).toEqual({
      contact: people[0]!.id,
      subject: 'A new subject',
      state: 'scheduled',
    });
    const inUse = await call('DELETE', `/templates/${send!.templateId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.json.sequences).toEqual([{ id: sequence.id, name: sequence.name, status: 'running' }]);
  });
});
