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

const names = (contact: { firstName: string | null; lastName: string | null }) => [
  contact.firstName,
  contact.lastName,
];

describe('a contact with only a full name', () => {
  it('gets a first and last name when created from the form or the API', async () => {
    const response = await me.post('/api/contacts', {
      email: emailOf('emma'),
      name: 'Dr. Emma van der Berg',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Dr. Emma van der Berg',
      firstName: 'Emma',
      lastName: 'van der Berg',
    });
    const every = await me.post('/api/contacts', {
      email: emailOf('maria'),
      name: 'Maria José de la Cruz García',
    });
    expect(names(every.json())).toEqual(['Maria José', 'de la Cruz García']);
    const single = await me.post('/api/contacts', { email: emailOf('cher'), name: 'Cher' });
    expect(names(single.json())).toEqual(['Cher', null]);
  });

  it('keeps the first and last name that were given', async () => {
    const response = await me.post('/api/contacts', {
      email: emailOf('given'),
      name: 'Emma King',
      firstName: 'Em',
    });
    expect(names(response.json())).toEqual(['Em', null]);
  });

  it('gets them when imported from a CSV whose only name column is Name', async () => {
    const listId = await me.list();
    const rows = [
      { email: emailOf('king'), name: 'Emma King' },
      { email: emailOf('jr'), name: 'Jean-Luc Picard Jr.' },
      { email: emailOf('maria'), name: 'Maria José de la Cruz García' },
    ];
    const imported = await me.post(`/api/personas/${listId}/import-contacts`, { rows });
    expect(imported.json()).toMatchObject({ inserted: 3, failed: 0 });
    const members = (await me.get(`/api/personas/${listId}/contacts`)).json().contacts;
    expect(members.map(names).sort()).toEqual([
      ['Emma', 'King'],
      ['Jean-Luc', 'Picard'],
      ['Maria José', 'de la Cruz García'],
    ]);
  });

  it('gets them when an edit leaves only the full name', async () => {
    const id = await me.contact(emailOf('edit'), { firstName: 'Old', lastName: 'Name' });
    const response = await me.patch(`/api/contacts/${id}`, {
      firstName: null,
      lastName: null,
      name: 'Zoë Müller',
    });
    expect(names(response.json())).toEqual(['Zoë', 'Müller']);
  });
});
