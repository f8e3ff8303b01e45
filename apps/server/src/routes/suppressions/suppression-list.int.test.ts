import type {
  ApiKeyCreated,
  Contact,
  EnrollContactsResult,
  PersonaContactsResponse,
  Suppression,
  SuppressionListResponse,
} from '@prospector/contracts';
import { SUPPRESSION_MESSAGES } from '@prospector/contracts';
import { ON_SUPPRESSION_LIST, pollReplies, runEngineRound } from '@prospector/core';
import { contacts, emailSends, sequences, suppressions } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';
import { hardBounceOf } from '../../testing/provider-engine-kit';
import {
  type SentSequenceEmail,
  sentSequenceEmail,
  stateOf,
  type TrackingUser,
  trackingUser,
} from '../../testing/tracking-test-kit';

let env: MailboxApp;
let user: TrackingUser;
beforeAll(async () => {
  env = await startMailboxApp();
  user = await trackingUser(env);
});
afterAll(() => env?.close());

/** POST /api/v1/contacts with a key of the user's. */
async function v1Create(body: object) {
  const key = await user.browser.post('/api/api-keys', { name: 'CRM', scopes: ['contacts:write'] });
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/v1/contacts',
    headers: { authorization: `Bearer ${key.json<ApiKeyCreated>().key}` },
    payload: body,
  });
  return { status: response.statusCode, contact: response.json<Contact>() };
}

/** The contact of a sent email clicks the one-click link; the user then deletes the contact. */
async function unsubscribedThenDeleted(): Promise<SentSequenceEmail> {
  const seeded = await sentSequenceEmail(env, user);
  const clicked = await env.app.inject({
    method: 'POST',
    url: `/u/${seeded.first.unsubscribeToken}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(clicked.statusCode).toBe(200);
  expect((await user.browser.delete(`/api/contacts/${seeded.contact.id}`)).status).toBe(200);
  return seeded;
}

/** Enrols the contact in the seeded sequence through the web app's "add contacts to sequence". */
async function enrol(sequenceId: string, contactId: string) {
  const answer = await user.browser.post(`/api/sequences/${sequenceId}/contacts`, {
    contactIds: [contactId],
  });
  expect(answer.status).toBe(200);
  return answer.json<EnrollContactsResult>();
}

async function listMembers(listId: string) {
  const page = await user.browser.get(`/api/personas/${listId}/contacts?limit=100`);
  return page.json<PersonaContactsResponse>().contacts;
}

async function newList(name: string) {
  const created = await user.browser.post('/api/personas', {
    name,
    industry: 'Software',
    jobTitle: 'CTO',
    location: 'Berlin',
  });
  expect(created.status).toBe(201);
  return created.json<{ id: string }>().id;
}

async function entries(browser = user.browser) {
  return (await browser.get('/api/suppressions?limit=100')).json<SuppressionListResponse>().suppressions;
}

const BY_THE_CONTACT = /^Unsubscribed on \d{1,2} \w{3} \d{4} by the contact$/;

describe('an address whose contact unsubscribed, then was deleted and added again', () => {
  it('the web form creates it unsubscribed by the contact, says why, and it is never enrolled', async () => {
    const seeded = await unsubscribedThenDeleted();
    const listId = await newList('Re-added by hand');
    const created = await user.browser.post('/api/contacts', {
      email: `  ${seeded.contact.email.toUpperCase()} `,
      firstName: 'Jamie',
      personaId: listId,
    });
    expect(created.status).toBe(201);
    const contact = created.json<Contact>();
    expect(contact).toMatchObject({
      unsubscribed: true,
      unsubscribeSource: 'one-click',
      status: 'unsubscribed',
    });
    expect(contact.suppression?.label).toMatch(BY_THE_CONTACT);
    const profile = (await user.browser.get(`/api/contacts/${contact.id}`)).json<Contact>();
    expect(profile.suppression).toMatchObject({ reason: 'unsubscribe', source: 'one-click' });
    expect(profile.suppression?.label).toMatch(BY_THE_CONTACT);

    const enrolled = await enrol(seeded.sequence.id, contact.id);
    expect(enrolled.enrolled).toBe(0);
    expect(enrolled.skipped.unsubscribed).toBe(1);
    // The unsubscribe is still the contact's own: the user cannot undo it on the new row either.
    const undo = await user.browser.patch(`/api/contacts/${contact.id}`, { unsubscribed: false });
    expect(undo.status).toBe(409);
  });

  it('the public API creates it unsubscribed too, and its answer says why', async () => {
    const seeded = await unsubscribedThenDeleted();
    const created = await v1Create({ email: seeded.contact.email, firstName: 'Jamie' });
    expect(created.status).toBe(201);
    expect(created.contact).toMatchObject({ unsubscribed: true, unsubscribeSource: 'one-click' });
    expect(created.contact.suppression?.label).toMatch(BY_THE_CONTACT);
    expect((await enrol(seeded.sequence.id, created.contact.id)).enrolled).toBe(0);
    // The upsert by email updates it, and its answer still says why.
    const upserted = await v1Create({ email: seeded.contact.email.toUpperCase(), title: 'CTO' });
    expect(upserted.status).toBe(200);
    expect(upserted.contact).toMatchObject({ id: created.contact.id, title: 'CTO', unsubscribed: true });
    expect(upserted.contact.suppression?.label).toMatch(BY_THE_CONTACT);
  });

  it('a CSV import (rows, and a streamed file) creates it unsubscribed', async () => {
    const byRows = await unsubscribedThenDeleted();
    const byFile = await unsubscribedThenDeleted();
    const rowsList = await newList('Imported rows');
    const imported = await user.browser.post(`/api/personas/${rowsList}/import-contacts`, {
      rows: [{ email: byRows.contact.email }, { email: 'fresh-row@prospect.example' }],
    });
    expect(imported.status).toBe(200);
    const fileList = await newList('Imported file');
    const file = await user.browser.csv(
      `/api/personas/${fileList}/import-csv`,
      `email,first_name\n${byFile.contact.email.toUpperCase()},Jamie\nfresh-file@prospect.example,Sam\n`,
    );
    expect(file.status).toBe(200);

    for (const [listId, gone] of [
      [rowsList, byRows],
      [fileList, byFile],
    ] as const) {
      const members = await listMembers(listId);
      expect(members).toHaveLength(2);
      const again = members.find((m) => m.email.toLowerCase() === gone.contact.email.toLowerCase());
      const fresh = members.find((m) => m !== again);
      expect(again).toMatchObject({
        unsubscribed: true,
        unsubscribeSource: 'one-click',
        status: 'unsubscribed',
      });
      expect(fresh).toMatchObject({ unsubscribed: false, suppressed: false, hardBounced: false });
      expect((await enrol(gone.sequence.id, again!.id)).enrolled).toBe(0);
    }
  });
});

describe('a hard bounce', () => {
  it('suppresses the address, cannot be lifted, and a re-added contact is created bounced', async () => {
    const seeded = await sentSequenceEmail(env, user);
    const bounced = await env.sandbox.control.deliverInThread(
      [await sandboxKeyOf(env, user.account.email)],
      seeded.first.gmailMessageId!,
      hardBounceOf(seeded.contact.email, user.account.email, seeded.first.messageId!),
    );
    expect(bounced).toBeDefined();
    await pollReplies(user.deps);
    const entry = (await entries()).find((e) => e.value === seeded.contact.email.toLowerCase());
    expect(entry).toMatchObject({
      kind: 'address',
      reason: 'hard-bounce',
      label: 'Hard bounce',
      liftable: false,
    });

    const lift = await user.browser.delete(`/api/suppressions/${entry!.id}`);
    expect(lift.status).toBe(409);
    expect(lift.json<{ message: string }>().message).toBe(`${SUPPRESSION_MESSAGES.notYours} (Hard bounce)`);

    expect((await user.browser.delete(`/api/contacts/${seeded.contact.id}`)).status).toBe(200);
    const again = await user.browser.post('/api/contacts', { email: seeded.contact.email });
    expect(again.status).toBe(201);
    expect(again.json<Contact>()).toMatchObject({ hardBounced: true, unsubscribed: false });
    expect(again.json<Contact>().suppression?.label).toBe('Hard bounce');
    const enrolled = await enrol(seeded.sequence.id, again.json<Contact>().id);
    expect(enrolled).toMatchObject({ enrolled: 0, skipped: { bounced: 1 } });
  });
});

describe('at send time', () => {
  it('cancels a due send to an address the list covers, with the reason, and sends nothing', async () => {
    const seeded = await sentSequenceEmail(env, user);
    const db = env.database.db;
    const now = env.clock.now();
    await db.update(sequences).set({ status: 'running' }).where(eq(sequences.id, seeded.sequence.id));
    await db.update(emailSends).set({ scheduledFor: now }).where(eq(emailSends.id, seeded.followUp.id));
    // An entry whose contact's own columns do not say so: the last guard is the list itself.
    await db.insert(suppressions).values({
      workspaceId: user.workspaceId,
      kind: 'domain',
      value: seeded.contact.email.split('@')[1]!,
      reason: 'manual',
      source: 'api',
      createdAt: now,
    });
    await runEngineRound(user.deps);
    const after = await stateOf(env, seeded);
    expect(after.followUp).toMatchObject({
      state: 'cancelled',
      sentAt: null,
      lastError: ON_SUPPRESSION_LIST,
    });
    expect(after.contact).toMatchObject({ unsubscribed: false, suppressed: false, hardBounced: false });
  });
});

describe('entries the user adds', () => {
  it('suppress the contacts of a domain, say "Added by you", and lift back', async () => {
    const domain = `blocked-${crypto.randomUUID().slice(0, 6)}.example`;
    const seeded = await sentSequenceEmail(env, user, `lead@${domain}`);
    const added = await user.browser.post('/api/suppressions', {
      value: ` @${domain.toUpperCase()} `,
      note: 'Competitor',
    });
    expect(added.status).toBe(201);
    const entry = added.json<Suppression>();
    expect(entry).toMatchObject({
      kind: 'domain',
      value: domain,
      reason: 'manual',
      source: 'user',
      label: 'Added by you',
      liftable: true,
      detail: 'Competitor',
    });
    const existing = await stateOf(env, seeded);
    expect(existing.contact.suppressed).toBe(true);
    expect(existing.enrolment.status).toBe('stopped');
    expect(existing.followUp.state).toBe('cancelled');

    const twice = await user.browser.post('/api/suppressions', { value: domain });
    expect(twice.status).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(SUPPRESSION_MESSAGES.exists);

    const created = await user.browser.post('/api/contacts', { email: `other@${domain}` });
    expect(created.json<Contact>()).toMatchObject({ suppressed: true, status: 'suppressed' });
    expect(created.json<Contact>().suppression).toMatchObject({
      kind: 'domain',
      value: domain,
      label: 'Added by you',
    });
    expect((await enrol(seeded.sequence.id, created.json<Contact>().id)).skipped.suppressed).toBe(1);

    const lifted = await user.browser.delete(`/api/suppressions/${entry.id}`);
    expect(lifted.status).toBe(204);
    expect((await entries()).some((e) => e.id === entry.id)).toBe(false);
    const [row] = await env.database.db
      .select({ suppressed: contacts.suppressed })
      .from(contacts)
      .where(eq(contacts.id, created.json<Contact>().id));
    expect(row?.suppressed).toBe(false);
    expect((await enrol(seeded.sequence.id, created.json<Contact>().id)).enrolled).toBe(1);
  });

  it('refuse what is neither an address nor a domain, with the reason', async () => {
    for (const value of ['', 'not a domain', 'http://example.com/x', 'a@b@c']) {
      const refused = await user.browser.post('/api/suppressions', { value });
      expect(refused.status).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/^Enter (an|one) email address/);
    }
  });

  it("become the contact's own when the contact then unsubscribes: no longer liftable", async () => {
    const seeded = await sentSequenceEmail(env, user);
    const added = await user.browser.post('/api/suppressions', { value: seeded.contact.email });
    expect(added.json<Suppression>()).toMatchObject({ reason: 'manual', liftable: true });
    const clicked = await env.app.inject({
      method: 'POST',
      url: `/u/${seeded.first.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'source=page',
    });
    expect(clicked.statusCode).toBe(200);
    const entry = (await entries()).find((e) => e.id === added.json<Suppression>().id);
    expect(entry).toMatchObject({ reason: 'unsubscribe', source: 'page', liftable: false });
    expect((await user.browser.delete(`/api/suppressions/${entry!.id}`)).status).toBe(409);
  });

  it("the contact's own unsubscribe is listed and cannot be lifted", async () => {
    const seeded = await unsubscribedThenDeleted();
    const entry = (await entries()).find((e) => e.value === seeded.contact.email.toLowerCase());
    expect(entry).toMatchObject({ reason: 'unsubscribe', source: 'one-click', liftable: false });
    expect(entry?.label).toMatch(BY_THE_CONTACT);
    const lift = await user.browser.delete(`/api/suppressions/${entry!.id}`);
    expect(lift.status).toBe(409);
    expect(lift.json<{ message: string }>().message).toContain(SUPPRESSION_MESSAGES.notYours);
    expect((await entries()).some((e) => e.id === entry!.id)).toBe(true);
  });
});

describe("another user's list", () => {
  it('is invisible, cannot be lifted (404) and suppresses nothing of theirs', async () => {
    const added = await user.browser.post('/api/suppressions', { value: 'private@owner.example' });
    expect(added.status).toBe(201);
    const id = added.json<Suppression>().id;

    const other = env.browser();
    await other.signUp();
    expect(await entries(other)).toEqual([]);
    const lift = await other.delete(`/api/suppressions/${id}`);
    expect(lift.status).toBe(404);
    expect(lift.json<{ message: string }>().message).toBe(SUPPRESSION_MESSAGES.notFound);
    const theirs = await other.post('/api/contacts', { email: 'private@owner.example' });
    expect(theirs.status).toBe(201);
    expect(theirs.json<Contact>()).toMatchObject({ suppressed: false, suppression: null });
    expect((await entries()).some((e) => e.id === id)).toBe(true);
  });
});
