import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
});
afterAll(() => t?.close());

interface ZonedContact {
  email: string;
  timezone: string | null;
  effectiveTimezone: string | null;
  timezoneSource: string | null;
}

describe("a contact's time zone", () => {
  it('is the one given, else told by the city, else by a country with one zone, else none', async () => {
    const given = await me.post('/api/contacts', { email: emailOf('tokyo'), timezone: 'Asia/Tokyo' });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({
      timezone: 'Asia/Tokyo',
      effectiveTimezone: 'Asia/Tokyo',
      timezoneSource: 'given',
    });
    const city = await me.post('/api/contacts', {
      email: emailOf('paris'),
      city: 'Paris',
      country: 'France',
    });
    expect(city.json()).toMatchObject({
      timezone: null,
      effectiveTimezone: 'Europe/Paris',
      timezoneSource: 'city',
    });
    const country = await me.post('/api/contacts', { email: emailOf('osaka'), country: 'Japan' });
    expect(country.json()).toMatchObject({ effectiveTimezone: 'Asia/Tokyo', timezoneSource: 'country' });
    const unknown = await me.post('/api/contacts', { email: emailOf('us'), country: 'United States' });
    expect(unknown.json()).toMatchObject({ effectiveTimezone: null, timezoneSource: null });
  });

  it('follows an edit of the place, and clearing the given zone goes back to the place', async () => {
    const id = await me.contact(emailOf('mover'), { timezone: 'Asia/Tokyo', city: 'Paris', country: 'FR' });
    const cleared = await me.patch(`/api/contacts/${id}`, { timezone: null });
    expect(cleared.json()).toMatchObject({
      timezone: null,
      effectiveTimezone: 'Europe/Paris',
      timezoneSource: 'city',
    });
    const moved = await me.patch(`/api/contacts/${id}`, {
      city: 'New York',
      state: 'New York',
      country: 'US',
    });
    expect(moved.json<ZonedContact>().effectiveTimezone).toBe('America/New_York');
  });

  it('refuses a zone that is not an IANA zone, and keeps the contact as it was', async () => {
    const id = await me.contact(emailOf('kept'), { timezone: 'Europe/Paris' });
    for (const timezone of ['EST', 'Mars/Olympus', '+02:00']) {
      const response = await me.patch(`/api/contacts/${id}`, { timezone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Time zone must be an IANA time zone such as Europe/Paris',
      });
    }
    const created = await me.post('/api/contacts', { email: emailOf('bad'), timezone: 'Nowhere/Place' });
    expect(created.statusCode).toBe(400);
    const list = await me.get(`/api/contacts?limit=100`);
    const kept = list
      .json<{ contacts: (ZonedContact & { id: string })[] }>()
      .contacts.find((c) => c.id === id);
    expect(kept?.timezone).toBe('Europe/Paris');
  });

  it('comes from a CSV column, and a row with an unknown zone fails alone', async () => {
    const listId = await me.list();
    const good = emailOf('csv-tokyo');
    const response = await me.post(`/api/personas/${listId}/import-contacts`, {
      rows: [
        { email: good, timezone: 'Asia/Tokyo' },
        { email: emailOf('csv-bad'), timezone: 'Tokyo time' },
        { email: emailOf('csv-none'), city: 'Paris', country: 'France' },
      ],
    });
    expect(response.json()).toMatchObject({ inserted: 2, failed: 1 });
    const members = await me.get(`/api/personas/${listId}/contacts?limit=50`);
    const rows = members.json<{ contacts: ZonedContact[] }>().contacts;
    expect(rows.find((c) => c.email === good)).toMatchObject({
      timezone: 'Asia/Tokyo',
      timezoneSource: 'given',
    });
    expect(rows.find((c) => c.email.startsWith('csv-none'))).toMatchObject({ timezoneSource: 'city' });
  });
});
