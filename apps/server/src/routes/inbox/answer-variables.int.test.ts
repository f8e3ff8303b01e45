import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { answeredEmail } from './inbox-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

interface DetailBody {
  messages: { direction: 'in' | 'out'; text: string }[];
}

describe('an Inbox answer with variables', () => {
  it('refuses a variable that is empty for the contact and has no fallback, naming it, and sends nothing', async () => {
    const { user, seeded } = await answeredEmail(env, 'Sounds good, when?');
    const patched = await user.browser.patch(`/api/contacts/${seeded.contact.id}`, {
      firstName: null,
      lastName: null,
      name: 'jamie@prospect.example',
    });
    expect(patched.status).toBe(200);
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<{
      conversations: { id: string }[];
    }>().conversations;
    const url = `/api/inbox/conversations/${conversation!.id}`;

    const refused = await user.browser.post(`${url}/reply`, {
      text: 'Great, {{first_name}}! How about Tuesday?',
    });
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      code: 'MISSING_VARIABLES',
      message:
        '{{first_name}} is empty for this contact: fill it in on the contact or give it a fallback, like {{first_name|there}}',
    });
    const both = await user.browser.post(`${url}/reply`, { text: '{{ first_name }} {{last_name}}' });
    expect(both.json<{ message: string }>().message).toMatch(
      /^\{\{ first_name \}\} and \{\{last_name\}\} are empty for this contact/,
    );
    expect((await user.browser.get(url)).json<DetailBody>().messages.map((m) => m.direction)).toEqual([
      'out',
      'in',
    ]);

    const sent = await user.browser.post(`${url}/reply`, {
      text: 'Great, {{first_name|there}}! Hi {{name}}.',
    });
    expect(sent.status).toBe(200);
    expect(sent.json()).toMatchObject({ text: 'Great, there! Hi jamie@prospect.example.' });
  });

  it('fills custom fields and the built-ins from the contact, and refuses an empty custom field as the built-ins', async () => {
    const { user, seeded } = await answeredEmail(env, 'Tell me more');
    await user.browser.post('/api/contacts', {
      email: 'someone-else@prospect.example',
      customFields: { icebreaker: 'known key', pain_point: 'churn' },
    });
    const patched = await user.browser.patch(`/api/contacts/${seeded.contact.id}`, {
      organizationName: 'Acme',
      customFields: { icebreaker: 'Loved your talk' },
    });
    expect(patched.status).toBe(200);
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<{
      conversations: { id: string }[];
    }>().conversations;
    const url = `/api/inbox/conversations/${conversation!.id}`;
    const detail = (await user.browser.get(url)).json<{ contact: { variables: Record<string, string> } }>();
    expect(detail.contact.variables).toMatchObject({ icebreaker: 'Loved your talk', company: 'Acme' });

    const refused = await user.browser.post(`${url}/reply`, { text: '{{icebreaker}}! {{pain_point}}?' });
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      code: 'MISSING_VARIABLES',
      message:
        '{{pain_point}} is empty for this contact: fill it in on the contact or give it a fallback, like {{pain_point|there}}',
    });

    const sent = await user.browser.post(`${url}/reply`, {
      text: '{{icebreaker}}: how does {{company}} handle {{pain_point|on-call}}?',
    });
    expect(sent.status).toBe(200);
    expect(sent.json()).toMatchObject({ text: 'Loved your talk: how does Acme handle on-call?' });
  });
});
