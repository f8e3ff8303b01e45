import {
  CUSTOM_FIELD_LIMITS,
  customFieldKeyMessage,
  customFieldKeyTooLong,
  customFieldReserved,
  customFieldShadows,
  customFieldValueTooLong,
  TOO_MANY_CUSTOM_FIELDS,
} from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiUser } from '../public-api/public-api-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

const manyKeys = () =>
  Object.fromEntries(Array.from({ length: CUSTOM_FIELD_LIMITS.keys + 1 }, (_, i) => [`field_${i}`, 'x']));
const longKey = 'k'.repeat(CUSTOM_FIELD_LIMITS.keyLength + 1);
const longValue = 'v'.repeat(CUSTOM_FIELD_LIMITS.valueLength + 1);

/** Each broken limit or key, with the message that names it. */
const BROKEN: [string, Record<string, string>, string][] = [
  ['too many keys', manyKeys(), TOO_MANY_CUSTOM_FIELDS],
  ['a key too long', { [longKey]: 'x' }, customFieldKeyTooLong(longKey)],
  ['a key not lower-case', { 'Pain Point': 'x' }, customFieldKeyMessage('Pain Point')],
  ['a value too long', { icebreaker: longValue }, customFieldValueTooLong('icebreaker')],
  ['a built-in key', { company: 'Acme' }, customFieldShadows('company')],
  ['a key every object has', { constructor: 'x' }, customFieldReserved('constructor')],
];

describe('custom field limits: 422 naming the limit at every door', () => {
  it.each(BROKEN)('refuses %s on /api/contacts create and update', async (_case, customFields, message) => {
    const { browser } = await apiUser(env.app);
    const created = await browser.post('/api/contacts', { email: emailOf('ada'), customFields });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ message, code: 'INVALID_CUSTOM_FIELDS' });

    const id = await browser.contact(emailOf('grace'), { customFields: { icebreaker: 'kept' } });
    const updated = await browser.patch(`/api/contacts/${id}`, { customFields });
    expect(updated.statusCode).toBe(422);
    expect(updated.json()).toEqual({ message, code: 'INVALID_CUSTOM_FIELDS' });
    expect((await browser.get(`/api/contacts/${id}`)).json()).toMatchObject({
      customFields: { icebreaker: 'kept' },
    });
  });

  it.each(BROKEN)(
    'refuses %s on /api/v1/contacts, listing the field',
    async (_case, customFields, message) => {
      const { api } = await apiUser(env.app);
      const created = await api.post('/contacts', { email: emailOf('ada'), customFields });
      expect(created.statusCode).toBe(422);
      expect(created.json()).toMatchObject({ message, code: 'INVALID_CUSTOM_FIELDS' });
      expect(created.json().errors[0].message).toBe(message);
      const { id } = (await api.post('/contacts', { email: emailOf('grace') })).json<{ id: string }>();
      const updated = await api.patch(`/contacts/${id}`, { customFields });
      expect(updated.statusCode).toBe(422);
      expect(updated.json()).toMatchObject({ message, code: 'INVALID_CUSTOM_FIELDS' });
    },
  );

  it.each(BROKEN)('refuses %s in an imported row', async (_case, customFields, message) => {
    const { browser } = await apiUser(env.app);
    const listId = await browser.list();
    const imported = await browser.post(`/api/personas/${listId}/import-contacts`, {
      rows: [{ email: emailOf('ok') }, { email: emailOf('ada'), customFields }],
    });
    expect(imported.statusCode).toBe(422);
    expect(imported.json()).toEqual({ message: `Row 2: ${message}`, code: 'INVALID_CUSTOM_FIELDS' });
    expect((await browser.get(`/api/personas/${listId}/contacts`)).json()).toMatchObject({ total: 0 });
  });

  it('keeps other problems a 400, even next to custom fields', async () => {
    const { api, browser } = await apiUser(env.app);
    const badEmail = await browser.post('/api/contacts', {
      email: 'not-an-email',
      customFields: { icebreaker: 'x' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const notText = await api.post('/contacts', { email: emailOf('ada'), customFields: { icebreaker: 3 } });
    expect(notText.statusCode).toBe(400);
    expect(notText.json()).toMatchObject({
      message: 'Custom field values must be text',
      code: 'VALIDATION_ERROR',
    });
  });

  it('declares the 422 in the OpenAPI document of the contact writes', async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, method] of [
      ['/contacts', 'post'],
      ['/contacts/{id}', 'patch'],
    ] as const) {
      const answer = document.paths[path][method].responses['422'];
      expect(answer.description).toContain('INVALID_CUSTOM_FIELDS');
    }
  });
});
