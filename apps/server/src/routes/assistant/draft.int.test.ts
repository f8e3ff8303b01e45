import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { gmailMessage, storedMessage } from '../inbox/inbox-test-kit';
import {
  assistantUser,
  conversationOf,
  type DraftBody,
  draftRows,
  prospectAnswers,
  streamPost,
} from './assistant-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const ABOUT = [
  'Acme Widgets: automated invoice matching for finance teams.',
  'Pricing: 49 € per user per month, billed yearly.',
  'Free 30-day pilot for teams of 10 or more.',
  'Meeting link: https://cal.acme.example/demo',
  'Signature: Alex Martin | Acme Widgets',
].join('\n');
const OTHER_ABOUT =
  'Zebra Plan: 999 € per seat. Secret discount code ZEBRA-42. Meeting: https://zebra.example/call';

describe('the answer writer in the Inbox', () => {
  it('keeps the "about us" and tone settings, with auto-send off by default and clear errors', async () => {
    const user = await assistantUser(env);
    const defaults = (await user.browser.get('/api/settings/assistant')).json();
    expect(defaults).toEqual({
      about: '',
      tone: 'professional',
      autoDraftStatuses: [],
      autoSend: { enabled: false, statuses: [], delayMinutes: 10, dailyCap: 20 },
    });
    const saved = await user.browser.put('/api/settings/assistant', {
      about: ABOUT,
      tone: 'friendly',
      autoDraftStatuses: ['interested', 'question'],
      autoSend: { enabled: true, statuses: ['interested'], delayMinutes: 15, dailyCap: 5 },
    });
    expect(saved.status).toBe(200);
    expect((await user.browser.get('/api/settings/assistant')).json()).toMatchObject({
      about: ABOUT,
      tone: 'friendly',
      autoSend: { enabled: true, delayMinutes: 15, dailyCap: 5 },
    });
    const bad = await user.browser.put('/api/settings/assistant', {
      about: ABOUT,
      autoSend: { enabled: true, statuses: ['not_interested'], delayMinutes: 0, dailyCap: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Statuses must be among|at least 1 minute/);
    // The bad request lost nothing that was saved.
    expect((await user.browser.get('/api/settings/assistant')).json()).toMatchObject({ about: ABOUT });
  });

  it('answers a French question in French from this user\'s "about us", quoting nothing of another user\'s', async () => {
    const other = await assistantUser(env, { about: OTHER_ABOUT });
    await prospectAnswers(env, other, 'Quel est le prix de votre offre ?');
    const user = await assistantUser(env, { about: ABOUT, tone: 'professional' });
    const { conversationId } = await prospectAnswers(
      env,
      user,
      'Bonjour, quel est le prix de votre solution pour une équipe de douze personnes ? Avez-vous un essai ?',
    );

    const response = await user.browser.post(`/api/inbox/conversations/${conversationId}/draft`, {});
    expect(response.status).toBe(200);
    const draft = response.json<DraftBody>();
    expect(draft).toMatchObject({ language: 'French', subject: 'Re: Quick question', origin: 'user' });
    expect(draft.text).toContain('Merci pour votre réponse.');
    expect(draft.text).toContain('Pricing: 49 € per user per month, billed yearly.');
    expect(draft.text).toContain('Free 30-day pilot for teams of 10 or more.');
    expect(draft.text).toContain('Alex Martin');
    for (const foreign of ['Zebra', 'ZEBRA-42', '999', 'zebra.example'])
      expect(draft.text).not.toContain(foreign);
    expect(draft.html).toContain('<p>Merci pour votre réponse.</p>');
    // What the draft cost and who wrote it is recorded.
    expect(draft.model).toBe('sandbox');
    expect(draft.promptVersion).toBe('inbox-answer-2');
    expect(draft.durationMs).toBeGreaterThanOrEqual(0);
    expect(draft.tokens.prompt).toBeGreaterThan(50);
    expect(draft.tokens.completion).toBeGreaterThan(10);

    expect((await conversationOf(user, conversationId)).draft).toMatchObject({ draftId: draft.draftId });
    // Another user's conversation does not exist for this one.
    expect((await other.browser.post(`/api/inbox/conversations/${conversationId}/draft`, {})).status).toBe(
      404,
    );
    expect((await other.browser.delete(`/api/inbox/conversations/${conversationId}/draft`)).status).toBe(404);
  });

  it('shortens, makes more formal, translates and regenerates with one click; a new draft replaces the old', async () => {
    const user = await assistantUser(env, { about: ABOUT });
    const { conversationId } = await prospectAnswers(
      env,
      user,
      'What does it cost for a team of twelve? Any trial?',
    );
    const url = `/api/inbox/conversations/${conversationId}/draft`;
    const first = (await user.browser.post(url, {})).json<DraftBody>();
    expect(first.language).toBe('English');

    const shorter = (await user.browser.post(url, { instruction: 'shorten' })).json<DraftBody>();
    expect(shorter.text.length).toBeLessThan(first.text.length);
    const formal = (await user.browser.post(url, { instruction: 'more_formal' })).json<DraftBody>();
    expect(formal.text).toMatch(/^Dear Jamie,/);
    expect(formal.text).toContain('Kind regards,');
    const german = (
      await user.browser.post(url, { instruction: 'translate', language: 'German' })
    ).json<DraftBody>();
    expect(german.language).toBe('German');
    expect(german.text).toContain('Vielen Dank für Ihre Antwort.');
    const again = (await user.browser.post(url, { instruction: 'regenerate' })).json<DraftBody>();
    expect(again.text).not.toBe(first.text);

    const rows = await draftRows(env, conversationId);
    expect(rows.filter((row) => row.status === 'ready').map((row) => row.id)).toEqual([again.draftId]);
    expect(rows.filter((row) => row.status === 'replaced')).toHaveLength(4);

    const bad = await user.browser.post(url, { instruction: 'translate', language: 'Klingon' });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/language must be one of/);
  });

  it('streams the draft as it is written, then the whole draft', async () => {
    const user = await assistantUser(env, { about: ABOUT });
    const { conversationId } = await prospectAnswers(env, user, 'Can we book a call next week?');
    const stream = await streamPost(env, user, `/api/inbox/conversations/${conversationId}/draft`, {});
    expect(stream.contentType).toContain('text/event-stream');
    const chunks = [...stream.text.matchAll(/event: chunk\ndata: (.*)\n/g)].map(
      (m) => JSON.parse(m[1]!).text,
    );
    const final = JSON.parse(/event: draft\ndata: (.*)\n/.exec(stream.text)![1]!) as DraftBody;
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(final.text);
    expect(final.text).toContain('https://cal.acme.example/demo');
  });

  it('sends the edited draft through the reply path in the same thread; the draft is then closed', async () => {
    const user = await assistantUser(env, { about: ABOUT });
    const { conversationId, seeded } = await prospectAnswers(env, user, 'Do you have a trial?');
    const draft = (
      await user.browser.post(`/api/inbox/conversations/${conversationId}/draft`, {})
    ).json<DraftBody>();
    const edited = `${draft.text}\n\nP.S. Happy to walk you through it.`;
    const sent = await user.browser.post(`/api/inbox/conversations/${conversationId}/reply`, {
      text: edited,
    });
    expect(sent.status).toBe(200);
    const ours = await storedMessage(env, user.workspaceId, sent.json<{ id: string }>().id);
    const inGmail = await gmailMessage(env, user.account, ours.gmailMessageId!);
    expect(inGmail.threadId).toBe(seeded.first.gmailThreadId);
    expect(inGmail.parsed.headers.get('in-reply-to')?.[0]).toBeTruthy();

    const after = await conversationOf(user, conversationId);
    expect(after.draft).toBeNull();
    expect(after.messages.at(-1)).toMatchObject({ direction: 'out', sentByAssistant: false });
    expect(after.messages.at(-1)!.text).toContain('P.S. Happy to walk you through it.');
    const [row] = (await draftRows(env, conversationId)).filter((r) => r.id === draft.draftId);
    expect(row).toMatchObject({ status: 'sent', sentByAssistant: false, sentMessageId: ours.id });
  });

  it('throws a draft away', async () => {
    const user = await assistantUser(env, { about: ABOUT });
    const { conversationId } = await prospectAnswers(env, user, 'Any trial?');
    await user.browser.post(`/api/inbox/conversations/${conversationId}/draft`, {});
    expect((await user.browser.delete(`/api/inbox/conversations/${conversationId}/draft`)).status).toBe(204);
    expect((await conversationOf(user, conversationId)).draft).toBeNull();
    const again = await user.browser.delete(`/api/inbox/conversations/${conversationId}/draft`);
    expect(again.status).toBe(404);
    expect(again.json<{ message: string }>().message).toBe('This conversation has no draft waiting');
  });
});
