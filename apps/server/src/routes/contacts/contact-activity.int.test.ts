import type { ContactActivity } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { trackingUser } from '../../testing/tracking-test-kit';
import { answeredEmail } from '../inbox/inbox-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

describe('GET /api/contacts/{id}/activity', () => {
  it("lists the contact's sequences and a timeline of what happened, newest first", async () => {
    const { user, seeded } = await answeredEmail(env, 'Yes, interested! Let us talk.');
    const response = await user.browser.get(`/api/contacts/${seeded.contact.id}/activity`);
    expect(response.status).toBe(200);
    const activity = response.json<ContactActivity>();
    expect(activity.sequences).toEqual([
      expect.objectContaining({ name: 'Q4 outreach', status: expect.any(String) }),
    ]);
    const types = activity.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['replied', 'sent', 'enrolled', 'created']));
    expect(types.indexOf('replied')).toBeLessThan(types.indexOf('sent'));
    const times = activity.events.map((event) => event.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(activity.events.find((event) => event.type === 'sent')).toMatchObject({
      subject: 'Quick question',
      sequenceName: 'Q4 outreach',
    });
  });

  it("answers 404 for another user's contact", async () => {
    const { seeded } = await answeredEmail(env, 'Thanks');
    const stranger = await trackingUser(env);
    const response = await stranger.browser.get(`/api/contacts/${seeded.contact.id}/activity`);
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Contact not found' });
  });
});
