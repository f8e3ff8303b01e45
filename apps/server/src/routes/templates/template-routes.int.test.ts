import { templates } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, signUp, type TestClient } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const patch = (client: TestClient, url: string, payload: object) =>
  client.request({ method: 'PATCH', url, payload });
const del = (client: TestClient, url: string) =>
  client.request({ method: 'DELETE', url, headers: { origin: 'http://localhost:3000' } });

async function signedInClient() {
  const client = createClient(t.app);
  await signUp(client);
  return client;
}

const intro = { name: 'Intro', subject: 'Hi {{first_name}}', htmlBody: '<p>Hello {{name}}</p>' };

describe('templates CRUD', () => {
  it('needs a session', async () => {
    const anonymous = createClient(t.app);
    expect((await anonymous.get('/api/templates')).statusCode).toBe(401);
    expect((await anonymous.post('/api/templates', intro)).statusCode).toBe(401);
  });

  it("creates an html template (201) and lists the user's templates newest first", async () => {
    const client = await signedInClient();
    const created = await client.post('/api/templates', intro);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...intro,
      templateType: 'html',
      plainTextBody: null,
      builderJson: null,
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    t.clock.advance(1000);
    await client.post('/api/templates', { ...intro, name: 'Second', plainTextBody: 'Hi {{name}}' });
    const list = (await client.get('/api/templates')).json() as {
      name: string;
      plainTextBody: string | null;
    }[];
    expect(list.map((x) => [x.name, x.plainTextBody])).toEqual([
      ['Second', 'Hi {{name}}'],
      ['Intro', null],
    ]);
  });

  it('answers with the spec messages for bad input', async () => {
    const client = await signedInClient();
    const cases: [object, string][] = [
      [{ subject: 's', htmlBody: 'x' }, 'Name and subject are required'],
      [{ name: '  ', subject: 's', htmlBody: 'x' }, 'Name and subject are required'],
      [{ name: 'n', subject: '', htmlBody: 'x' }, 'Name and subject are required'],
      [{ name: 'n', subject: 's' }, 'HTML body is required'],
      [{ name: 'n', subject: 's', htmlBody: '   ', templateType: 'html' }, 'HTML body is required'],
      [
        { name: 'n', subject: 's', htmlBody: 'x', templateType: 'mjml' },
        'Template type must be html or builder',
      ],
      [{ name: 'n', subject: 's', htmlBody: 'x', builderJson: 'nope' }, 'Builder data must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('/api/templates', body);
      expect([response.statusCode, response.json()]).toEqual([400, { message, code: 'VALIDATION_ERROR' }]);
    }
  });

  it('stores a builder template with its CSS inlined and its project data exactly as given', async () => {
    const client = await signedInClient();
    const builderJson = {
      pages: [
        { frames: [{ component: { type: 'wrapper', components: [{ type: 'text', content: 'Hi' }] } }] },
      ],
      styles: [{ selectors: ['#i1'], style: { color: 'red' } }],
      assets: [],
    };
    const response = await client.post('/api/templates', {
      name: 'Built',
      subject: 'S',
      templateType: 'builder',
      htmlBody: '<body><div id="i1">Hi {{first_name|there}}</div></body><style>#i1{color:red}</style>',
      builderJson,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.htmlBody).toBe(
      '<body><div id="i1" style="color: red;">Hi {{first_name|there}}</div></body>',
    );
    const reopened = (await client.get(`/api/templates/${created.id}`)).json();
    expect(reopened.builderJson).toEqual(builderJson);
    expect(reopened.templateType).toBe('builder');
  });

  it('updates any subset of fields and re-checks the merged template', async () => {
    const client = await signedInClient();
    const { id } = (await client.post('/api/templates', intro)).json();
    t.clock.advance(5000);
    const renamed = await patch(client, `/api/templates/${id}`, { name: 'Renamed', plainTextBody: 'Plain' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', subject: intro.subject, plainTextBody: 'Plain' });
    expect(renamed.json().updatedAt).not.toBe(renamed.json().createdAt);
    const cleared = await patch(client, `/api/templates/${id}`, { plainTextBody: '' });
    expect(cleared.json().plainTextBody).toBeNull();
    const emptied = await patch(client, `/api/templates/${id}`, { htmlBody: ' ' });
    expect([emptied.statusCode, emptied.json().message]).toEqual([400, 'HTML body is required']);
    const noName = await patch(client, `/api/templates/${id}`, { name: '' });
    expect(noName.json().message).toBe('Name and subject are required');
  });

  it('deletes a template once', async () => {
    const client = await signedInClient();
    const { id } = (await client.post('/api/templates', intro)).json();
    const first = await del(client, `/api/templates/${id}`);
    expect([first.statusCode, first.json()]).toEqual([200, { success: true }]);
    const again = await del(client, `/api/templates/${id}`);
    expect([again.statusCode, again.json()]).toEqual([
      404,
      { message: 'Template not found', code: 'NOT_FOUND' },
    ]);
    expect((await client.get('/api/templates')).json()).toEqual([]);
  });

  it("treats another user's template, a missing one and a malformed id as 404", async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    const { id } = (await owner.post('/api/templates', intro)).json();
    const notFound = { message: 'Template not found', code: 'NOT_FOUND' };
    for (const response of [
      await other.get(`/api/templates/${id}`),
      await patch(other, `/api/templates/${id}`, { name: 'Stolen' }),
      await del(other, `/api/templates/${id}`),
      await other.post(`/api/templates/${id}/send-test`, { email: 'x@example.com' }),
      await other.get('/api/templates/00000000-0000-4000-8000-000000000000'),
      await other.get('/api/templates/not-a-uuid'),
      await del(other, '/api/templates/not-a-uuid'),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    expect((await other.get('/api/templates')).json()).toEqual([]);
    const [row] = await t.database.db.select().from(templates).where(eq(templates.id, id));
    expect(row?.name).toBe('Intro');
  });
});

describe('POST /api/templates/preview and /plain-text', () => {
  it('with no contact, invents none: contact variables stay empty and the answer says so', async () => {
    const client = await signedInClient();
    const response = await client.post('/api/templates/preview', {
      subject: 'Hi {{first_name|there}}',
      htmlBody: '<p>Dear {{name}}, {{compnay}} <a href="{{unsubscribe_url}}">unsubscribe</a></p>',
      plainTextBody: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subject: 'Hi there',
      htmlBody:
        '<p>Dear there, {{compnay}} <a href="http://localhost:3000/unsubscribe/preview">unsubscribe</a></p>',
      plainTextBody: 'Dear there, {{compnay}} unsubscribe [http://localhost:3000/unsubscribe/preview]',
      sampleContact: { firstName: '', lastName: '', email: '' },
      contact: null,
      sender: null,
      unknownVariables: ['{{compnay}}'],
      missingVariables: [],
      syntaxProblems: [],
    });
  });

  it('renders for the best-filled contact or the chosen one, knows custom fields, and flags nested or unclosed fallbacks', async () => {
    const client = await signedInClient();
    const sparse = (
      await client.post('/api/contacts', { email: 'al@sparse.example', firstName: 'Al' })
    ).json();
    await client.post('/api/contacts', {
      email: 'jane@acme.example',
      firstName: 'Jane',
      organizationName: 'Acme',
      customFields: { icebreaker: 'Loved your talk' },
    });
    const listed = (await client.get('/api/templates/render-contacts')).json();
    expect(listed.contacts.map((c: { email: string }) => c.email)).toEqual([
      'jane@acme.example',
      'al@sparse.example',
    ]);
    const draft = { subject: 'Hi {{first_name}}', htmlBody: '<p>{{icebreaker|I came across your team}}</p>' };

    const best = (await client.post('/api/templates/preview', draft)).json();
    expect(best).toMatchObject({
      subject: 'Hi Jane',
      htmlBody: '<p>Loved your talk</p>',
      sampleContact: { firstName: 'Jane', email: 'jane@acme.example' },
      contact: { email: 'jane@acme.example', filledFields: 3 },
      unknownVariables: [],
      syntaxProblems: [],
    });
    const chosen = (await client.post('/api/templates/preview', { ...draft, contactId: sparse.id })).json();
    expect(chosen).toMatchObject({
      subject: 'Hi Al',
      htmlBody: '<p>I came across your team</p>',
      unknownVariables: [],
    });

    const broken = await client.post('/api/templates/preview', {
      subject: 'Hi {{first_name|{{company}}}}',
      htmlBody: '<p>{{first_name|Hi</p>',
    });
    expect(broken.json().syntaxProblems).toEqual([
      '{{first_name|{{company}}}}: a fallback is plain text and cannot hold another variable',
      '{{first_name|Hi</p> is never closed with }}',
    ]);

    const other = await signedInClient();
    const foreign = await other.post('/api/templates/preview', { ...draft, contactId: sparse.id });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Contact not found']);
  });

  it("uses the caller's contact data, escaped in HTML", async () => {
    const client = await signedInClient();
    const response = await client.post('/api/templates/preview', {
      subject: 'For {{name}}',
      htmlBody: '<p>{{first_name}}</p>',
      contactData: { firstName: '<b>Ann</b>', lastName: 'Lee', name: '', email: 'ann@example.com' },
    });
    expect(response.json()).toMatchObject({
      subject: 'For <b>Ann</b> Lee',
      htmlBody: '<p>&lt;b&gt;Ann&lt;/b&gt;</p>',
      sampleContact: { firstName: '<b>Ann</b>', lastName: 'Lee', email: 'ann@example.com' },
    });
  });

  it('answers with the spec messages', async () => {
    const client = await signedInClient();
    const cases: [object, string][] = [
      [{ htmlBody: '<p>x</p>' }, 'Subject is required for preview'],
      [{ subject: ' ', htmlBody: '<p>x</p>' }, 'Subject is required for preview'],
      [{ subject: 's' }, 'Email body is required for preview'],
      [{ subject: 's', htmlBody: '  ' }, 'Email body is required for preview'],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('/api/templates/preview', body);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
  });

  it('derives the plain-text body from HTML', async () => {
    const client = await signedInClient();
    const response = await client.post('/api/templates/plain-text', {
      htmlBody: '<h2>Hi {{first_name|there}}</h2><p>Line one<br>line two</p><img src="x.png">',
    });
    expect(response.json()).toEqual({ plainTextBody: 'Hi {{first_name|there}}\n\nLine one\nline two' });
  });
});
