import { randomUUID } from 'node:crypto';
import { UNSUBSCRIBE_SOURCES } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { callAuthoringOperations } from './v1-authoring-contract-kit';
import { documentValidator, seededApiUser } from './v1-contract-kit';

let env: MailboxApp;
let seeded: Awaited<ReturnType<typeof seededApiUser>>;
// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, walked by path
let document: Record<string, any>;
let validator: ReturnType<typeof documentValidator>;
beforeAll(async () => {
  env = await startMailboxApp();
  seeded = await seededApiUser(env);
  document = (await (await fetch(`${env.appUrl}/api/v1/openapi.json`)).json()) as typeof document;
  validator = documentValidator(document);
  // Seeding sends and replies through the engine is slow on a busy machine.
}, 120_000);
afterAll(() => env?.close());

const METHODS = ['get', 'post', 'patch', 'delete'] as const;
type Media = Record<string, { example?: unknown }>;
interface Operation {
  path: string;
  method: string;
  operationId: string;
  parameters: { name?: string }[];
  security: { apiKey: string[] }[];
  requestBody?: { content: Media };
  responses: Record<string, { content?: Media }>;
}
interface WebhookOperation {
  post: { requestBody: { content: Media } };
}
const operations = (): Operation[] =>
  Object.entries(
    document.paths as Record<string, Record<string, Omit<Operation, 'path' | 'method'>>>,
  ).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, ...item[method]! })),
  );

/** Every answer, checked against the document as it arrives. */
const answered = new Map<string, Set<number>>();
const problems: string[] = [];

interface CallOptions {
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  key?: string | null;
  headers?: Record<string, string>;
}

async function call(
  method: string,
  template: string,
  values: Record<string, string>,
  options: CallOptions = {},
) {
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const [, query = ''] = url.split('?');
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? seeded.key : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${env.appUrl}/api/v1${url}`, { method, headers, body });
  // biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read field by field by the assertions
  const json: any = await response.json();
  const path = template.split('?')[0]!;
  const operation = `${method} ${path}`;
  answered.set(operation, (answered.get(operation) ?? new Set()).add(response.status));
  for (const error of validator.answerErrors(method, path, response.status, json))
    problems.push(`${operation}${query ? `?${query}` : ''} -> ${response.status}: ${error}`);
  if (!response.headers.get('ratelimit-reset'))
    problems.push(`${operation} -> ${response.status}: no RateLimit-Reset`);
  return { status: response.status, headers: response.headers, json };
}

describe('/api/v1 against its OpenAPI document', () => {
  it('answers every operation on seeded data with exactly what the document declares', async () => {
    const { people, sequence, openedSend } = seeded;
    const ids: Record<string, string> = {};

    // Contacts: page them all, create one (201, then 200 for the same email), read, update, lead status.
    const firstPage = await call('GET', '/contacts?limit=2', {});
    expect(firstPage.json.data).toHaveLength(2);
    const secondPage = await call('GET', '/contacts?limit=2&cursor={cursor}', {
      cursor: firstPage.json.nextCursor,
    });
    expect(secondPage.json.nextCursor).toBeNull();
    const created = await call(
      'POST',
      '/contacts',
      {},
      { body: { email: 'new@contract.example', tags: ['api'] } },
    );
    expect(created.status).toBe(201);
    expect((await call('POST', '/contacts', {}, { body: { email: 'new@contract.example' } })).status).toBe(
      200,
    );
    ids.id = created.json.id;
    expect((await call('GET', '/contacts/{id}', ids)).json.email).toBe('new@contract.example');
    expect((await call('PATCH', '/contacts/{id}', ids, { body: { title: 'CTO' } })).json.title).toBe('CTO');
    const status = await call('PATCH', '/contacts/{id}/lead-status', ids, {
      body: { leadStatus: 'interested' },
    });
    expect(status.json.leadStatus).toBe('interested');
    expect((await call('POST', '/contacts/{id}/unsubscribe', ids)).json.unsubscribed).toBe(true);

    // Email lists and their contacts.
    const list = await call(
      'POST',
      '/lists',
      {},
      {
        body: { name: 'Contract list', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' },
      },
    );
    expect(list.status).toBe(201);
    const member = { id: list.json.id, contactId: ids.id! };
    expect((await call('POST', '/lists/{id}/contacts', member, { body: { contactId: ids.id } })).status).toBe(
      201,
    );
    expect((await call('POST', '/lists/{id}/contacts', member, { body: { contactId: ids.id } })).status).toBe(
      200,
    );
    expect((await call('GET', '/lists/{id}', member)).json.contactCount).toBe(1);
    expect(
      (await call('GET', '/lists/{id}/contacts', member)).json.data.map((c: { id: string }) => c.id),
    ).toEqual([ids.id]);
    expect((await call('GET', '/lists?limit=1', {})).json.nextCursor).not.toBeNull();
    expect((await call('DELETE', '/lists/{id}/contacts/{contactId}', member)).json).toEqual({
      success: true,
    });

    // Sequences: read, their figures, enrol, launch again, pause.
    const seq = { id: sequence.id };
    expect((await call('GET', '/sequences/{id}/analytics', seq)).json.totals).toMatchObject({
      sent: 3,
      opened: 1,
      replied: 1,
    });
    expect((await call('GET', '/sequences', {})).json.data[0]).toMatchObject({
      id: sequence.id,
      stepCount: 1,
    });
    expect((await call('GET', '/sequences/{id}', seq)).json.status).toBe('running');
    const extra = await call('POST', '/contacts', {}, { body: { email: 'enrol@contract.example' } });
    const enrolled = await call('POST', '/sequences/{id}/contacts', seq, {
      body: { contactIds: [extra.json.id] },
    });
    expect(enrolled.json.enrolled).toBe(1);
    expect((await call('POST', '/sequences/{id}/launch', seq)).json.sequence.status).toBe('running');
    expect((await call('POST', '/sequences/{id}/pause', seq)).json.status).toBe('paused');
    await callAuthoringOperations(call, {
      sequenceId: sequence.id,
      listId: list.json.id,
      enrolled: extra.json.id,
      unsubscribed: ids.id!,
    });

    // What went out and came back.
    const sends = await call('GET', '/sends?status=sent&limit=2', {});
    expect(sends.json.data).toHaveLength(2);
    expect((await call('GET', '/sends?cursor={cursor}', { cursor: sends.json.nextCursor })).status).toBe(200);
    const events = await call('GET', '/sends/{id}/events', { id: openedSend.id });
    expect(events.json.data.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['open', 'reply']),
    );
    const replies = await call('GET', '/replies?limit=1', {});
    expect(replies.json).toMatchObject({ data: [{ contact: { id: people[0]!.id } }], nextCursor: null });
    expect(new Date(replies.json.data[0].occurredAt).getTime()).not.toBeNaN();

    // The Inbox: the reply's conversation, read and answered in its thread.
    const since = { since: '2025-05-01T00:00:00.000Z' };
    const inbox = await call('GET', '/conversations?unread=true&since={since}', since);
    expect(inbox.json.data).toMatchObject([{ contactId: people[0]!.id, unread: true }]);
    const thread = { id: inbox.json.data[0].id };
    expect((await call('GET', '/conversations/{id}', thread)).json.messages).toHaveLength(2);
    const answer = await call('POST', '/conversations/{id}/reply', thread, {
      body: { text: 'Thanks {{first_name|there}}, Tuesday?' },
    });
    expect(answer.json).toMatchObject({ direction: 'out', text: 'Thanks there, Tuesday?' });

    // Webhooks: the secret only at creation.
    const hook = await call(
      'POST',
      '/webhooks',
      {},
      {
        body: { url: 'https://hooks.example.com/contract', eventTypes: ['email.replied'] },
      },
    );
    expect(hook.json.secret).toMatch(/^whsec_/);
    expect((await call('GET', '/webhooks', {})).json.data).toHaveLength(1);
    expect((await call('GET', '/webhooks/{id}', { id: hook.json.id })).json).not.toHaveProperty('secret');
    const hookId = { id: hook.json.id };
    const changed = await call('PATCH', '/webhooks/{id}', hookId, {
      body: { eventTypes: ['contact.status_changed'], description: 'Sync' },
    });
    expect(changed.json).toMatchObject({ eventTypes: ['contact.status_changed'], description: 'Sync' });
    await call('PATCH', '/contacts/{id}/lead-status', ids, { body: { leadStatus: 'meeting_booked' } });
    const deliveries = await call('GET', '/webhooks/{id}/deliveries', hookId);
    expect(deliveries.json.data).toMatchObject([{ eventType: 'contact.status_changed', status: 'pending' }]);
    const retried = await call('POST', '/webhooks/{id}/deliveries/{deliveryId}/retry', {
      ...hookId,
      deliveryId: deliveries.json.data[0].id,
    });
    expect(retried.json.status).toBe('pending');
    expect((await call('DELETE', '/webhooks/{id}', { id: hook.json.id })).status).toBe(200);
    expect((await call('DELETE', '/contacts/{id}', ids)).json).toEqual({ success: true });

    // A two-way sync: a batch upsert, lookups by email and by change time, the suppression list.
    const batch = await call(
      'POST',
      '/contacts/batch',
      {},
      { body: { contacts: [{ email: 'batch@contract.example' }, { email: 'not-an-email' }] } },
    );
    expect(batch.json.results.map((r: { status: string }) => r.status)).toEqual(['created', 'error']);
    const byEmail = await call('GET', '/contacts?email={email}', { email: 'BATCH@contract.example' });
    expect(byEmail.json.data.map((c: { id: string }) => c.id)).toEqual([batch.json.results[0].id]);
    const sinceEpoch = await call('GET', '/contacts?updatedSince={since}&limit=1', {
      since: '2000-01-01T00:00:00.000Z',
    });
    expect(sinceEpoch.json.nextCursor).not.toBeNull();
    const entry = await call('POST', '/suppressions', {}, { body: { value: 'suppressed.example' } });
    expect(entry.json).toMatchObject({ kind: 'domain', source: 'api' });
    expect((await call('GET', '/suppressions', {})).json.data[0].id).toBe(entry.json.id);
    expect((await call('DELETE', '/suppressions/{id}', { id: entry.json.id })).json).toEqual({
      success: true,
    });

    expect(problems).toEqual([]);
    const withoutSuccess = operations()
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .filter((operation) => ![...(answered.get(operation) ?? [])].some((s) => s < 300));
    expect(withoutSuccess).toEqual([]);
  });

  it('answers each operation’s errors as declared: 401 before 415, 403, 404, 415, 400 and 409', async () => {
    for (const { method, path, requestBody, parameters, security } of operations()) {
      // Every id of the path names nothing of the key's user.
      const missing = Object.fromEntries(
        [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, randomUUID()]),
      );
      // A fresh rate-limit window for each operation's handful of calls.
      env.clock.advance(60_000);
      const verb = method.toUpperCase();
      const changes = verb !== 'GET';
      const noKey = await call(verb, path, missing, {
        key: null,
        ...(changes && { rawBody: 'x', contentType: 'text/plain' }),
      });
      expect(noKey.status, `${verb} ${path} without a key`).toBe(401);
      if (security[0]?.apiKey[0] !== 'sends:read')
        expect((await call(verb, path, missing, { key: seeded.narrowKey })).status).toBe(403);
      if (changes) {
        const wrongType = await call(verb, path, missing, { rawBody: 'x', contentType: 'text/plain' });
        expect(wrongType.status, `${verb} ${path} with text/plain`).toBe(415);
      }
      const example = requestBody?.content['application/json']?.example;
      if (path.includes('{'))
        expect((await call(verb, path, missing, { body: example })).status, `${verb} ${path}`).toBe(404);
      if (requestBody && !path.includes('{'))
        expect((await call(verb, path, missing, { body: [] })).status, `${verb} ${path} []`).toBe(400);
      const stray = await call(verb, `${path}?unexpectedParam=1`, missing, { body: example });
      expect(stray.status, `${verb} ${path}?unexpectedParam=1`).toBe(400);
      expect(stray.json.errors[0].field).toBe('unexpectedParam');
      if (requestBody) {
        const extra = await call(verb, path, missing, { body: { ...(example as object), unexpected: 1 } });
        expect(extra.status, `${verb} ${path} with an unknown field`).toBe(400);
        expect(extra.json.errors).toEqual([{ field: 'unexpected', message: 'Unknown field unexpected' }]);
      }
      if (parameters.some((p) => p.name === 'limit'))
        expect((await call(verb, `${path}?limit=0`, missing)).status, `${verb} ${path}?limit=0`).toBe(400);
    }
    const key = { 'idempotency-key': `contract-${randomUUID()}` };
    await call('POST', '/contacts', {}, { body: { email: 'once@contract.example' }, headers: key });
    const replay = await call(
      'POST',
      '/contacts',
      {},
      { body: { email: 'once@contract.example' }, headers: key },
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const conflict = await call(
      'POST',
      '/contacts',
      {},
      { body: { email: 'other@contract.example' }, headers: key },
    );
    expect(conflict.status).toBe(409);
    const taken = await call(
      'PATCH',
      '/contacts/{id}',
      { id: seeded.people[1]!.id },
      {
        body: { email: seeded.people[2]!.email },
      },
    );
    expect(taken.json.code).toBe('DUPLICATE_EMAIL');
    // A misspelt field is refused by name, and changes nothing.
    const target = { id: seeded.people[1]!.id };
    const misspelt = await call('PATCH', '/contacts/{id}', target, { body: { firstname: 'Renamed' } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.json.message).toBe('Unknown field firstname (did you mean firstName?)');
    expect((await call('GET', '/contacts/{id}', target)).json.firstName).toBe(seeded.people[1]!.firstName);
    expect(problems).toEqual([]);
  });

  it('carries examples that fit their own schemas, and a payload schema for every webhook event', () => {
    const wrong: string[] = [];
    for (const [name, schema] of Object.entries(
      document.components.schemas as Record<string, { examples?: unknown[] }>,
    ))
      for (const example of schema.examples ?? [])
        for (const error of validator.schemaErrors(name, example)) wrong.push(`${name}: ${error}`);
    for (const { method, path, requestBody, responses } of operations()) {
      const requestExample = requestBody?.content['application/json']?.example;
      if (requestBody) expect(requestExample, `${method} ${path} request example`).toBeDefined();
      for (const error of requestBody ? validator.requestErrors(method, path, requestExample) : [])
        wrong.push(`${method} ${path} request: ${error}`);
      for (const [status, response] of Object.entries(responses)) {
        const example = response.content?.['application/json']?.example;
        expect(example, `${method} ${path} ${status} example`).toBeDefined();
        for (const error of validator.answerErrors(method, path, Number(status), example))
          wrong.push(`${method} ${path} ${status}: ${error}`);
      }
    }
    // Any event body is one WebhookEvent, told apart by its type; each `via` the code emits is allowed.
    const examples = Object.values(document.webhooks as Record<string, WebhookOperation>).map(
      ({ post }) => post.requestBody.content['application/json']!.example as { type: string; data: object },
    );
    for (const example of examples)
      for (const error of validator.schemaErrors('WebhookEvent', example))
        wrong.push(`${example.type}: ${error}`);
    const unsubscribed = examples.find((e) => e.type === 'contact.unsubscribed')!;
    for (const via of UNSUBSCRIBE_SOURCES)
      for (const error of validator.schemaErrors('WebhookEvent', {
        ...unsubscribed,
        data: { ...unsubscribed.data, via },
      }))
        wrong.push(`via ${via}: ${error}`);
    expect(wrong).toEqual([]);
    expect(validator.schemaErrors('WebhookEvent', { ...unsubscribed, type: 'email.sent' })).not.toEqual([]);
    expect(document.components.schemas.WebhookEvent.discriminator.propertyName).toBe('type');
    expect(Object.keys(document.webhooks).sort()).toEqual(
      expect.arrayContaining([
        'contact.created',
        'contact.deleted',
        'contact.status_changed',
        'contact.unsubscribed',
        'contact.updated',
        'email.replied',
        'email.sent',
      ]),
    );
  });
});
