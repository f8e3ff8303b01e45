import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileInputUser, ownedRecords } from '../testing/hostile-input-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { percentEncode, stringPaths, type WriteRequest, withString } from '../testing/write-catalogue';

let t: TestApp;
let user: Awaited<ReturnType<typeof hostileInputUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await hostileInputUser(t.app, t.database);
});
afterAll(() => t?.close());

const send = (request: WriteRequest, body: unknown) =>
  request.method === 'PATCH'
    ? user.me.patch(request.url, body)
    : user.me.raw(request.method, request.url, JSON.stringify(body));

const C0 = fc.integer({ min: 0, max: 0x1f }).filter((code) => ![9, 10, 13].includes(code));
/** Text no field may hold, somewhere inside otherwise ordinary text. */
const forbiddenText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.oneof(
      C0.map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    ),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);
/** Text a field may hold but that no form would send: very long, or any Unicode at all. */
const oddText = fc.oneof(
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

describe('hostile text in request bodies', () => {
  it('every catalogued body is accepted as it stands (so mutations reach the database)', async () => {
    const fresh = await hostileInputUser(t.app, t.database);
    for (const request of fresh.writes) {
      const response =
        request.method === 'PATCH'
          ? await fresh.me.patch(request.url, request.body)
          : await fresh.me.raw(request.method, request.url, JSON.stringify(request.body));
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(300);
    }
  });

  it('a control character or a lone surrogate in any field is a 400 naming it, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), forbiddenText, async (routePick, pathPick, text) => {
        const refusing = user.writes.filter((write) => !write.cleans);
        const request = refusing[routePick % refusing.length]!;
        const paths = stringPaths(request.body);
        const path = paths[pathPick % paths.length] ?? [];
        const before = await ownedRecords(t.database, user.me.workspaceId);
        const response = await send(request, withString(request.body, path, text));
        expect(response.statusCode, `${request.url} ${JSON.stringify(path)}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: expect.stringContaining('contains a character that is not allowed'),
        });
        expect(await ownedRecords(t.database, user.me.workspaceId)).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it('very long or unusual text is accepted or refused with a 4xx, never a 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), oddText, async (routePick, pathPick, text) => {
        const request = user.writes[routePick % user.writes.length]!;
        const paths = stringPaths(request.body);
        const path = paths[pathPick % paths.length] ?? [];
        const before = await ownedRecords(t.database, user.me.workspaceId);
        const response = await send(request, withString(request.body, path, text));
        expect(response.statusCode, `${request.url} ${JSON.stringify(path)} ${response.body}`).toBeLessThan(
          500,
        );
        if (response.statusCode >= 400)
          expect(await ownedRecords(t.database, user.me.workspaceId)).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it('imported rows are cleaned rather than refused', async () => {
    const response = await user.me.post(`/api/personas/${user.ids.list}/import-contacts`, {
      rows: [{ email: 'clean\u0000ed@example.com', firstName: 'Ro\u0007w\uD800' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ inserted: 1 });
    const contacts = (await user.me.get(`/api/personas/${user.ids.list}/contacts`)).json() as {
      contacts: { email: string; firstName: string }[];
    };
    expect(contacts.contacts.find((c) => c.email === 'cleaned@example.com')?.firstName).toBe('Row');
  });

  it('names the field: keys of nested objects and array items too', async () => {
    const nested = await user.me.post('/api/contacts', { email: 'n@example.com', tags: ['ok', 'b\u0000d'] });
    expect(nested.json()).toEqual({
      message: 'Tags contains a character that is not allowed',
      code: 'VALIDATION_ERROR',
    });
    const key = await user.me.post('/api/contacts', { email: 'k@example.com', metadata: { 'a\u0000': 1 } });
    expect(key.statusCode).toBe(400);
  });
});

it('an Apollo key that cannot travel in an HTTP header is refused at once, not retried', async () => {
  const response = await user.me.raw(
    'PUT',
    '/api/integrations/apollo',
    JSON.stringify({ apiKey: 'clé secrète' }),
  );
  expect(response.json()).toEqual({
    message: 'API key can hold only letters, digits and symbols, without spaces',
    code: 'VALIDATION_ERROR',
  });
});

describe('hostile text in queries and paths', () => {
  const READS = [
    '/api/contacts?q=',
    '/api/contacts?status=',
    '/api/personas?q=',
    '/api/email-sends?q=',
    '/api/email-sends?status=',
    '/api/replies?cursor=',
    '/api/templates?q=',
    '/api/sequences?q=',
    '/api/contacts/industries?q=',
  ];

  it('never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READS), fc.oneof(forbiddenText, oddText), async (url, text) => {
        const response = await user.me.get(`${url}${percentEncode(text.slice(0, 5_000))}`);
        expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  it('a control character in a path id is a 4xx on every kind of route', async () => {
    for (const url of [
      '/api/sandbox/messages/%00/open',
      '/api/sandbox/messages/%00/reply',
      '/api/sandbox/messages/%00/auto-reply',
      '/api/sandbox/messages/%00/bounce',
      `/api/templates/%00`,
      `/api/gmail/accounts/%00/resume`,
      `/api/contacts/${user.ids.contact}%00`,
    ]) {
      const response = await user.me.post(url, {});
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(Object.keys(response.json() as object).sort()).toEqual(['code', 'message']);
    }
  });
});
