import { runEngineRound } from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const localHour = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toFormat('HH:mm');

describe("sending at each recipient's local time", () => {
  it('tells the zone of "City, Country" and of a country one zone covers, and names the contacts left without', async () => {
    env.clock.set(new Date('2025-04-30T20:00:00Z'));
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence({ timezone: 'America/Los_Angeles', useRecipientTimezone: true });
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 9, sendMinute: 0 });
    const sanFrancisco = await u.contact({ city: 'San Francisco, United States' });
    const sevilla = await u.contact({ city: 'Sevilla', country: 'Spain' });
    const texas = await u.contact({ name: 'Tex Ranger', country: 'United States' });
    await u.list(sequence.id, [sanFrancisco, sevilla, texas]);

    const preview = (await u.browser.get(`/api/sequences/${sequence.id}/launch-preview`)).json<{
      firstSendAt: string;
      localTime: unknown;
    }>();
    // 09:00 in Los Angeles is 16:00 UTC: 06:00 in Honolulu, 12:00 in New York.
    expect(preview.firstSendAt).toBe('2025-05-01T16:00:00.000Z');
    expect(preview.localTime).toEqual({
      recipient: 2,
      fallback: 1,
      withoutZone: [
        {
          id: texas.id,
          email: texas.email,
          name: 'Tex Ranger',
          place: 'United States',
          localTime: { earliest: '06:00', latest: '12:00' },
        },
      ],
    });
    expect((await u.launch(sequence.id)).status).toBe(200);
    const byContact = new Map((await u.sends(sequence.id)).map((send) => [send.contactId, send]));
    expect(byContact.get(sanFrancisco.id)?.recipientTimezone).toBe('America/Los_Angeles');
    // Sevilla gets 09:00 in Madrid, not 09:00 Los Angeles time (18:00 there).
    const madrid = byContact.get(sevilla.id)!;
    expect([madrid.recipientTimezone, localHour(madrid.scheduledFor, 'Europe/Madrid')]).toEqual([
      'Europe/Madrid',
      '09:00',
    ]);
  });

  it('schedules the first email at 09:00 in each contact’s zone, the sequence’s zone without one', async () => {
    // Wednesday 20:00 UTC: Thursday 05:00 in Tokyo, Wednesday 22:00 in Paris, 16:00 in New York.
    env.clock.set(new Date('2025-04-30T20:00:00Z'));
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence({ timezone: 'Australia/Sydney' });
    const patched = await u.browser.patch(`/api/sequences/${sequence.id}`, { useRecipientTimezone: true });
    expect(patched.json<{ useRecipientTimezone: boolean }>().useRecipientTimezone).toBe(true);
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 9, sendMinute: 0 });
    const tokyo = await u.contact({ timezone: 'Asia/Tokyo', city: 'Paris', country: 'France' });
    const paris = await u.contact({ city: 'Paris', country: 'France' });
    const newYork = await u.contact({ city: 'New York', country: 'US' });
    const nowhere = await u.contact();
    await u.list(sequence.id, [tokyo, paris, newYork, nowhere]);

    const preview = await u.browser.get(`/api/sequences/${sequence.id}/launch-preview`);
    expect(preview.json<{ localTime: unknown }>().localTime).toEqual({
      recipient: 3,
      fallback: 1,
      withoutZone: [{ id: nowhere.id, email: nowhere.email, name: null, place: null, localTime: null }],
    });
    expect((await u.launch(sequence.id)).status).toBe(200);

    const sends = await u.sends(sequence.id);
    const byContact = new Map(sends.map((send) => [send.contactId, send]));
    const expected: [string, string | null, string][] = [
      [tokyo.id, 'Asia/Tokyo', '2025-05-01T00:00:00.000Z'],
      [paris.id, 'Europe/Paris', '2025-05-01T07:00:00.000Z'],
      [newYork.id, 'America/New_York', '2025-05-01T13:00:00.000Z'],
      [nowhere.id, null, '2025-04-30T23:00:00.000Z'],
    ];
    for (const [contactId, zone, at] of expected) {
      const send = byContact.get(contactId)!;
      expect(send.recipientTimezone).toBe(zone);
      expect(send.scheduledFor.toISOString()).toBe(at);
      expect(localHour(send.scheduledFor, zone ?? 'Australia/Sydney')).toBe('09:00');
    }

    const schedule = await u.browser.get(`/api/sequences/${sequence.id}/schedule`);
    const hours = schedule.json<{ hours: { hour: string; sends: number }[] }>().hours;
    expect(hours).toHaveLength(24);
    expect(hours[0]!.hour).toBe('2025-04-30T20:00:00.000Z');
    expect(hours.filter((h) => h.sends > 0).map((h) => h.hour)).toEqual([
      '2025-04-30T23:00:00.000Z',
      '2025-05-01T00:00:00.000Z',
      '2025-05-01T07:00:00.000Z',
      '2025-05-01T13:00:00.000Z',
    ]);
    const stranger = await engineUser(env);
    expect((await stranger.browser.get(`/api/sequences/${sequence.id}/schedule`)).status).toBe(404);

    const listed = await u.browser.get('/api/email-sends?state=scheduled');
    const rows = listed.json<{ contactEmail: string; recipientTimezone: string | null }[]>();
    expect(rows.find((row) => row.contactEmail === tokyo.email)?.recipientTimezone).toBe('Asia/Tokyo');
    expect(rows.find((row) => row.contactEmail === nowhere.email)?.recipientTimezone).toBeNull();
  });

  it('keeps the sequence’s zone for everyone while the switch is off', async () => {
    env.clock.set(new Date('2025-04-30T20:00:00Z'));
    const u = await engineUser(env);
    const sequence = await u.sequence({ timezone: 'Europe/London' });
    await u.step(sequence.id, 1, { templateId: (await u.template()).id });
    const tokyo = await u.contact({ timezone: 'Asia/Tokyo' });
    await u.list(sequence.id, [tokyo]);
    expect((await u.launch(sequence.id)).status).toBe(200);
    const [send] = (await u.sends(sequence.id)).filter((s) => s.contactId === tokyo.id);
    expect(send!.recipientTimezone).toBeNull();
    expect(localHour(send!.scheduledFor, 'Europe/London')).toBe('10:00');
  });

  it('a morning peak across zones never passes the mailbox’s daily limit, nor sends at night there', async () => {
    env.clock.set(new Date('2025-05-05T00:00:00Z'));
    const u = await engineUser(env);
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 4 })
      .where(eq(gmailAccounts.id, u.account.id));
    const template = await u.template();
    const sequence = await u.sequence({ useRecipientTimezone: true });
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 9 });
    const zones = ['Europe/Paris', 'Europe/Berlin', 'Europe/Madrid', 'Africa/Lagos'];
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await u.contact({ timezone: zones[i % zones.length] }));
    await u.list(sequence.id, people);
    expect((await u.launch(sequence.id)).status).toBe(200);

    // Three days in steps of twenty minutes.
    for (let minute = 0; minute < 3 * 24 * 60; minute += 20) {
      env.clock.set(new Date(Date.parse('2025-05-05T00:00:00Z') + minute * 60_000));
      await runEngineRound(u.deps);
    }
    const sent = (await u.sends(sequence.id))
      .filter((s) => s.sentAt)
      .map((s) => ({ ...s, sentAt: s.sentAt! }));
    expect(sent).toHaveLength(12);
    for (const send of sent) {
      const there = DateTime.fromJSDate(send.sentAt, { zone: send.recipientTimezone! });
      expect(there.hour).toBeGreaterThanOrEqual(9);
      expect(there.hour).toBeLessThan(13);
      const windowStart = send.sentAt.getTime() - 24 * 3_600_000;
      const inWindow = sent.filter((s) => s.sentAt.getTime() > windowStart && s.sentAt <= send.sentAt);
      expect(inWindow.length).toBeLessThanOrEqual(4);
    }
  });
});
