import { randomUUID } from 'node:crypto';
import { type ApiKeyCreated, WEBHOOK_EVENT_TYPES } from '@prospector/contracts';
import {
  clickUrl,
  pollReplies,
  recordContactStatusChanged,
  runEngineRound,
  runWebhookRound,
  setLeadStatusAsUser,
} from '@prospector/core';
import { emailSends, webhookEvents } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUser, flaky } from '../../testing/engine-test-kit';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';
import { testConfig } from '../../testing/test-app';
import { eventComponentName } from './v1-components';
import { documentValidator } from './v1-contract-kit';
import { startReceiver } from './webhook-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  // Every domain's checks find no DMARC record: a check of a mailbox's sender health holds it.
  env = await startMailboxApp({
    checkSender: async () => ({
      status: 'failing',
      checkedAt: env.clock.now(),
      checks: [{ name: 'dmarc', result: 'fail', found: null, reason: 'No DMARC record.', fix: null }],
      dmarcAligned: false,
      blocklisted: false,
    }),
  });
});
afterAll(() => env?.close());

// biome-ignore lint/suspicious/noExplicitAny: event payloads are JSON, read field by field by the assertions
type Data = Record<string, any>;

const PRICING = 'https://example.com/pricing?plan=pro#faq';

describe('webhook events', () => {
  it('every event type fires once for its change, with what a CRM needs, and reaches the endpoint', async () => {
    const u = await engineUser(env);
    const receiver = await startReceiver();
    const created = await u.browser.post('/api/webhooks', {
      url: receiver.url,
      eventTypes: WEBHOOK_EVENT_TYPES,
    });
    expect(created.status).toBe(201);
    const events = async (type: string) =>
      (
        await env.database.db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.workspaceId, u.workspaceId), eq(webhookEvents.type, type)))
      ).map((e) => e.data as Data);

    // 6 contacts through a one-step sequence; the mailbox has 16 earlier sends, so 2 hard bounces pause it.
    const { sequence, people } = await u.launchOneStep(6);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(flaky(u, people[5]!.email, [400]));
    const sends = await u.sends(sequence.id);
    const byContact = (i: number) => sends.find((s) => s.contactId === people[i]!.id)!;
    const sent = await events('email.sent');
    expect(sent).toHaveLength(5);
    expect(sent.find((d) => d.contact.id === people[0]!.id)).toMatchObject({
      emailId: byContact(0).id,
      contact: { email: people[0]!.email },
      sequence: { id: sequence.id, name: sequence.name },
      step: { order: 1 },
      mailbox: { id: u.account.id, email: u.account.email },
      sentAt: '2025-05-01T10:00:00.000Z',
    });
    const failed = await events('email.failed');
    expect(failed.map((d) => d.contact.id)).toEqual([people[5]!.id]);
    expect(failed[0]!.error).toContain('HTTP 400');

    const first = byContact(0);
    for (let i = 0; i < 16; i++) {
      await env.database.db.insert(emailSends).values({
        ...first,
        id: randomUUID(),
        stepId: null,
        trackingToken: `filler-${i}-${first.id}`,
        unsubscribeToken: `filler-u-${i}-${first.id}`,
        messageId: null,
        gmailMessageId: null,
      });
    }

    env.clock.advance(5 * 60_000);
    await u.browser.post(`/api/sandbox/messages/${first.gmailMessageId}/open`);
    await env.app.openRecorder.flush();
    await u.browser.post(`/api/sandbox/messages/${first.gmailMessageId}/open`);
    await env.app.openRecorder.flush();
    expect((await events('email.opened')).map((d) => d.emailId)).toEqual([first.id]);

    // The link a click-tracked email carries, followed twice by the person: one event, its first click.
    const link = new URL(clickUrl(env.appUrl, testConfig().appSecret, first.trackingToken, PRICING));
    for (let i = 0; i < 2; i++) {
      env.clock.advance(60_000);
      const click = await env.app.inject({
        url: `${link.pathname}${link.search}`,
        headers: {
          'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
        },
      });
      expect(click.statusCode).toBe(302);
      await env.app.clickRecorder.flush();
    }
    const clicked = await events('email.clicked');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatchObject({ emailId: first.id, url: PRICING, contact: { id: people[0]!.id } });

    await u.browser.post(`/api/sandbox/messages/${first.gmailMessageId}/reply`, {
      text: 'Sounds good, call me.',
    });
    await u.browser.post(`/api/sandbox/messages/${byContact(1).gmailMessageId}/auto-reply`);
    await u.browser.post(`/api/sandbox/messages/${byContact(2).gmailMessageId}/bounce`);
    await pollReplies(u.deps);
    await u.browser.post(`/api/sandbox/messages/${byContact(4).gmailMessageId}/bounce`);
    await pollReplies(u.deps);
    await pollReplies(u.deps);
    const replied = await events('email.replied');
    expect(replied).toHaveLength(1);
    expect(replied[0]).toMatchObject({
      emailId: first.id,
      reply: { snippet: expect.stringContaining('Sounds good') },
    });
    expect((await events('email.auto_replied')).map((d) => d.emailId)).toEqual([byContact(1).id]);
    const bounced = await events('email.bounced');
    expect(bounced.map((d) => d.emailId).sort()).toEqual([byContact(2).id, byContact(4).id].sort());
    expect(bounced[0]!.bounce).toMatchObject({ class: 'hard', code: expect.stringMatching(/^5\./) });
    const paused = await events('mailbox.paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({
      mailbox: { id: u.account.id },
      reason: expect.stringContaining('bounced'),
    });

    // The reaction window closes: the enrolments nobody answered (1: auto-reply, 3) complete.
    env.clock.advance(49 * 3600_000);
    await runEngineRound(u.deps);
    const completed = await events('enrolment.completed');
    expect(completed.map((d) => d.contact.id).sort()).toEqual([people[1]!.id, people[3]!.id].sort());

    const key = (
      await u.browser.post('/api/api-keys', { name: 'CRM', scopes: ['contacts:write'] })
    ).json<ApiKeyCreated>();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${env.appUrl}/api/v1/contacts/${people[3]!.id}/unsubscribe`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}` },
      });
      expect(response.status).toBe(200);
    }
    const unsubscribed = await events('contact.unsubscribed');
    expect(unsubscribed).toEqual([
      { contact: expect.objectContaining({ id: people[3]!.id, email: people[3]!.email }), via: 'api' },
    ]);

    expect((await u.browser.patch(`/api/sequences/${sequence.id}`, { status: 'completed' })).status).toBe(
      200,
    );
    expect(await events('sequence.completed')).toEqual([
      { sequence: { id: sequence.id, name: sequence.name } },
    ]);

    const list = (
      await u.browser.post('/api/personas', {
        name: 'Imported',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Paris',
      })
    ).json<{ id: string }>();
    await u.browser.post(`/api/personas/${list.id}/import-contacts`, {
      rows: [{ email: 'a@import.example' }, { email: 'b@import.example' }],
    });
    expect(await events('import.completed')).toEqual([
      { list: { id: list.id, name: 'Imported' }, inserted: 2, skipped: 0, failed: 0 },
    ]);

    await env.sandbox.control.expireAccessTokens(await sandboxKeyOf(env, u.account.email));
    await env.sandbox.control.revokeAll(await sandboxKeyOf(env, u.account.email));
    await pollReplies(u.deps);
    await pollReplies(u.deps);
    const reconnect = await events('mailbox.needs_reconnect');
    expect(reconnect).toHaveLength(1);
    expect(reconnect[0]!.mailbox).toEqual({ id: u.account.id, email: u.account.email });

    // The lead status set as the user (the Inbox and the public API do it this way).
    await setLeadStatusAsUser(u.deps, u.workspaceId, people[0]!.id, 'interested');
    expect(await events('contact.status_changed')).toEqual([
      { contact: expect.objectContaining({ id: people[0]!.id }), from: null, to: 'interested' },
    ]);

    // A contact changed and deleted in the web app (the import above told of the contacts it created).
    expect(await events('contact.created')).toContainEqual({
      contact: expect.objectContaining({ email: 'a@import.example' }),
      source: 'csv_import',
    });
    await u.browser.patch(`/api/contacts/${people[4]!.id}`, { title: 'VP Sales' });
    expect(await events('contact.updated')).toContainEqual({
      contact: expect.objectContaining({ id: people[4]!.id }),
      changedFields: ['title'],
      source: 'app',
    });
    expect((await u.browser.delete(`/api/contacts/${people[4]!.id}`)).status).toBe(200);
    expect(await events('contact.deleted')).toEqual([
      { contact: expect.objectContaining({ id: people[4]!.id, email: people[4]!.email }), source: 'app' },
    ]);

    // Sender health finds the domain failing DMARC alignment.
    expect((await u.browser.post(`/api/mailboxes/${u.account.id}/health/check`)).status).toBe(200);
    expect(await events('mailbox.health_changed')).toEqual([
      expect.objectContaining({
        mailbox: { id: u.account.id, email: u.account.email },
        status: 'failing',
        previousStatus: 'unknown',
      }),
    ]);

    // Every type fired, and each event reached the endpoint once.
    const all = await env.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, u.workspaceId));
    expect(new Set(all.map((e) => e.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    const deps = { ...env.core, appSecret: testConfig().appSecret, webhooks: { allowPrivateUrls: true } };
    while ((await runWebhookRound(deps)).claimed > 0);
    expect(
      receiver
        .events()
        .map((e) => e.type)
        .sort(),
    ).toEqual(all.map((e) => e.type).sort());
    expect(receiver.unique.size).toBe(all.length);

    // Each delivery is what the document's webhooks section says: its payload schema and its headers.
    const document = (await (await fetch(`${env.appUrl}/api/v1/openapi.json`)).json()) as Data;
    const validator = documentValidator(document);
    const undocumented = receiver.received.flatMap(({ body, headers }) => {
      const event = JSON.parse(body) as { type: string };
      const operation = document.webhooks[event.type]?.post;
      if (!operation) return [`${event.type} is not in the webhooks section`];
      const missing = operation.parameters
        .map((p: { name: string }) => p.name)
        .filter((name: string) => !headers[name]);
      return [
        ...validator.schemaErrors(eventComponentName(event.type), event).map((e) => `${event.type}: ${e}`),
        ...missing.map((name: string) => `${event.type}: no ${name} header`),
      ];
    });
    expect(undocumented).toEqual([]);
    await receiver.close();
  });

  it('writes nothing for a change that rolled back, nor for a user without endpoints', async () => {
    const u = await engineUser(env);
    const receiver = await startReceiver();
    await u.browser.post('/api/webhooks', { url: receiver.url, eventTypes: ['contact.status_changed'] });
    const contact = await u.contact();
    await expect(
      env.database.db.transaction(async (tx) => {
        await recordContactStatusChanged(tx, {
          workspaceId: u.workspaceId,
          contactId: contact.id,
          from: null,
          to: 'won',
          when: env.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const other = await engineUser(env);
    const theirs = await other.contact();
    await env.database.db.transaction((tx) =>
      recordContactStatusChanged(tx, {
        workspaceId: other.workspaceId,
        contactId: theirs.id,
        from: null,
        to: 'won',
        when: env.clock.now(),
      }),
    );
    const rows = await env.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'contact.status_changed'));
    expect(
      rows.filter((r) => r.workspaceId === u.workspaceId || r.workspaceId === other.workspaceId),
    ).toEqual([]);
    await receiver.close();
  });
});
