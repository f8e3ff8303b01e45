import { type ApiKeyCreated, V1_REPLY_ONE_BODY } from '@prospector/contracts';
import { pollReplies } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { answeredEmail, gmailMessage, storedMessage } from '../inbox/inbox-test-kit';
import { apiClient } from './public-api-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

interface Conversation {
  id: string;
  contactId: string;
  unread: boolean;
  leadStatus: string | null;
  messages: { id: string; direction: string; text: string }[];
}
type Page = { data: Conversation[]; nextCursor: string | null };

async function answeredThroughApi(text: string) {
  const { user, seeded } = await answeredEmail(env, text);
  const created = await user.browser.post('/api/api-keys', {
    name: 'CRM',
    scopes: ['inbox:read', 'inbox:write'],
  });
  return { user, seeded, api: apiClient(env.app, created.json<ApiKeyCreated>().key) };
}

describe('/api/v1/conversations', () => {
  it('lists the Inbox by tab, lead status, unread and since, and reads a thread without marking it read', async () => {
    const { seeded, api } = await answeredThroughApi('Sounds interesting, can we talk?');
    const list = async (query: string) => (await api.get(`/conversations${query}`)).json<Page>().data;
    const [conversation] = await list('?unread=true');
    expect(conversation).toMatchObject({ contactId: seeded.contact.id, unread: true, tab: 'people' });
    const since = new Date(env.clock.now().getTime() - 60_000).toISOString();
    expect(await list(`?since=${since}`)).toHaveLength(1);
    expect(await list(`?since=${new Date(env.clock.now().getTime() + 1).toISOString()}`)).toEqual([]);
    expect(await list('?tab=bounces')).toEqual([]);
    const status = conversation!.leadStatus;
    expect(await list(`?leadStatus=${status ?? 'none'}`)).toHaveLength(1);
    expect(
      await list(`?leadStatus=${status === 'not_interested' ? 'interested' : 'not_interested'}`),
    ).toEqual([]);

    const detail = (await api.get(`/conversations/${conversation!.id}`)).json<Conversation>();
    expect(detail.messages.map((m) => m.direction)).toEqual(['out', 'in']);
    expect((await list('?unread=true')).map((c) => c.id)).toEqual([conversation!.id]);

    const bad = await api.get('/conversations?leadStatus=happy&tab=people');
    expect(bad.statusCode).toBe(400);
    expect((await api.get('/conversations?status=interested')).json().errors[0].field).toBe('status');
  });

  it("answers in the thread exactly as the Inbox does, as text or HTML with the contact's variables", async () => {
    const { user, seeded, api } = await answeredThroughApi('Can you send me more details?');
    const [conversation] = (await api.get('/conversations')).json<Page>().data;
    const url = `/conversations/${conversation!.id}`;
    const theirs = await storedMessage(
      env,
      user.workspaceId,
      (await api.get(url)).json<Conversation>().messages[1]!.id,
    );

    const sent = await api.post(`${url}/reply`, { text: 'Hi {{first_name}}, attached below.' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ direction: 'out', text: 'Hi Jamie, attached below.' });
    const ours = await storedMessage(env, user.workspaceId, sent.json<{ id: string }>().id);
    const inGmail = await gmailMessage(env, user.account, ours.gmailMessageId!);
    expect(inGmail.threadId).toBe(seeded.first.gmailThreadId);
    expect(inGmail.parsed.headers.get('in-reply-to')?.[0]).toBe(theirs.messageIdHeader);
    expect(inGmail.parsed.headers.get('references')?.[0]).toContain(seeded.first.messageId!);
    expect(inGmail.parsed.headers.get('to')?.[0]).toContain(seeded.contact.email);
    expect((await api.get('/conversations?unread=true')).json<Page>().data).toEqual([]);

    env.clock.advance(60_000);
    const html = await api.post(`${url}/reply`, { html: '<p>Thanks <b>{{first_name}}</b>!</p>' });
    expect(html.statusCode).toBe(201);
    expect(html.json()).toMatchObject({ direction: 'out', html: expect.stringContaining('<b>Jamie</b>') });
    expect(html.json<{ text: string }>().text).toContain('Thanks Jamie!');

    // The web app's thread shows both answers once, the poller seeing them adds nothing.
    await pollReplies(user.deps);
    const web = (await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)).json<Conversation>();
    expect(web.messages.map((m) => m.direction)).toEqual(['out', 'in', 'out', 'out']);
  });

  it('refuses a body with both or neither of text and html, a missing variable, and another user’s conversation', async () => {
    const { api, user } = await answeredThroughApi('Tell me more');
    const [conversation] = (await api.get('/conversations')).json<Page>().data;
    const url = `/conversations/${conversation!.id}/reply`;
    const both = await api.post(url, { text: 'a', html: '<p>a</p>' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(V1_REPLY_ONE_BODY);
    expect((await api.post(url, {})).json().message).toBe(V1_REPLY_ONE_BODY);
    expect((await api.post(url, { text: 'Hi', subject: 'x' })).json().errors).toEqual([
      { field: 'subject', message: 'Unknown field subject' },
    ]);
    const missing = await api.post(url, { text: 'See you in {{city}}' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('MISSING_VARIABLES');

    const other = await answeredThroughApi('Me too');
    expect((await other.api.get(`/conversations/${conversation!.id}`)).statusCode).toBe(404);
    expect((await other.api.post(url, { text: 'Hi' })).statusCode).toBe(404);
    const web = (await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)).json<Conversation>();
    expect(web.messages.map((m) => m.direction)).toEqual(['out', 'in']);
  });
});
