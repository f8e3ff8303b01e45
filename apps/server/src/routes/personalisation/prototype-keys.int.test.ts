import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

/** Names every plain object answers through its prototype. */
const PROTOTYPE_NAMES = 'constructor __proto__ toString valueOf hasOwnProperty isPrototypeOf'.split(' ');
const BODY = `<p>Hi {{first_name}}, ${PROTOTYPE_NAMES.map((name) => `{{${name}}}`).join(' ')}</p>`;

describe('variables named like the properties of every JavaScript object', () => {
  it('are unknown variables or plain custom fields everywhere, never a 500', async () => {
    const u = await engineUser(env);
    const template = await u.template('Hi {{constructor}} {{toString|there}}', BODY);
    const sequence = await u.sequence();
    const step = await u.step(sequence.id, 1, { templateId: template.id });
    // Saved before such keys were refused: the data must still render.
    const contact = await u.contact({ firstName: 'Ada', customFields: { constructor: 'Builder' } });
    const without = await u.contact({ firstName: 'Bo' });
    await u.list(sequence.id, [contact, without]);

    const answers = [
      await u.browser.get(`/api/sequences/${sequence.id}/launch-variables`),
      await u.browser.get(`/api/sequences/${sequence.id}/steps/${step.id}/preview?contactId=${contact.id}`),
      await u.browser.get(`/api/sequences/${sequence.id}/preview-contacts`),
      await u.browser.post(`/api/templates/${template.id}/check`, {}),
      await u.browser.post('/api/templates/preview', { subject: template.subject, htmlBody: BODY }),
      await u.browser.get(`/api/sequences/${sequence.id}/steps/${step.id}/preview?contactId=${without.id}`),
      await u.launch(sequence.id),
    ];
    for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(500);
    const preview = answers[1]!.json<{ subject: string; html: string }>();
    expect(preview.subject).toContain('Hi Builder');
    expect(preview.html).toContain('{{__proto__}}');
    expect(preview.html).toContain('{{toString}}');
    const bo = answers[5]!.json<{ subject: string; html: string }>();
    expect(bo.subject).toBe('Hi  {{toString|there}}');
    for (const answer of answers) expect(answer.text).not.toContain('native code');
    expect(answers[6]!.json()).toMatchObject({ code: 'UNKNOWN_VARIABLES' });
  });

  it('are refused as custom field keys, with the reason, by the API, the contact form and a list import', async () => {
    const u = await engineUser(env);
    const reason =
      'Custom field key "constructor" is a reserved name: every record already has a property called that';
    const created = await u.browser.post('/api/contacts', {
      email: 'ada@acme.example',
      customFields: { constructor: 'Builder' },
    });
    expect(created.status).toBe(422);
    expect(created.json<{ message: string }>().message).toBe(reason);
    // The JSON parser refuses a __proto__ key anywhere in a body before any route sees it.
    const poisoned = await u.browser.post('/api/contacts', {
      email: 'ada@acme.example',
      customFields: { ['__proto__']: 'x' },
    });
    expect(poisoned.status).toBe(400);
    const contact = await u.contact({ customFields: { icebreaker: 'kept' } });
    const edited = await u.browser.patch(`/api/contacts/${contact.id}`, {
      customFields: { constructor: 'x' },
    });
    expect(edited.json<{ message: string }>().message).toBe(reason);

    const sequence = await u.sequence();
    const list = await u.list(sequence.id, []);
    const imported = await u.browser.post(`/api/personas/${list.id}/import-contacts`, {
      rows: [{ email: 'bo@acme.example', customFields: { constructor: 'x' } }],
    });
    expect(JSON.stringify(imported.json())).toContain(JSON.stringify(reason).slice(1, -1));
  });
});
