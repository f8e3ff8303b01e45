import { API_AUTH_FAILURE_LIMIT, API_KEY_RATE_LIMIT, API_SCOPES } from '@prospector/contracts';
import { z } from 'zod';
import { operation } from './openapi-operation';
import { exampleOf, v1Components, webhookPayloads } from './v1-components';
import type { V1RouteDoc } from './v1-route';
import { webhookEventSummary } from './v1-webhook-schemas';

type JsonSchema = Record<string, unknown>;

const DESCRIPTION = `Contacts, email lists, templates, sequences (their steps and enrolments), sent emails, replies, Inbox
conversations, webhook endpoints and the suppression list of the key's user.

**Authentication.** Send \`Authorization: Bearer <key>\`; create keys in Settings, API. A key acts as its
user and carries scopes (read or write per family); an operation names the scope it needs.

**Rate limit.** Each key may make ${API_KEY_RATE_LIMIT.max} requests a minute (a fixed window). Every answer
carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window
resets); past the limit the answer is 429 with \`Retry-After\` in seconds. A request without a valid key
(none, an unknown or a revoked one) counts against its client address instead: its 401 carries the same
headers for that count, and past ${API_AUTH_FAILURE_LIMIT.max} such requests a minute the address gets 429s
until the window resets. A valid key is never refused for its address's failures.

**Idempotency.** Any POST may carry an \`Idempotency-Key\` (1 to 255 characters). The same key and body
within 24 hours get the first answer again, with its status and \`Idempotent-Replayed: true\`; the same
key with another body, or while the first request is still running, is a 409: of identical requests sent
at once, one runs and the others get 409 until it has answered, its answer after. A 5xx answer frees the key.
Idempotency-Keys belong to the API key that sent them: another API key, even of the same user, never gets
their answers, and a key without the operation's scope gets a 403 first. An answer that holds a secret (a
new webhook endpoint's) is replayed only while what it created still exists; after that, a 409.

**Pages.** Every list takes \`cursor\` and \`limit\` (1 to 100, default 50) and answers
\`{data, nextCursor}\`; pass \`nextCursor\` back as \`cursor\` until it is null. Cursors are opaque.

**Errors** are \`{message, code}\` (and \`errors\` per field for VALIDATION_ERROR); each operation lists
the codes it can answer. A query parameter or body field an operation does not take is refused with a 400
naming it. Timestamps are ISO 8601 in UTC.

**Webhooks** are POSTed as \`{type, timestamp, data}\` (the \`WebhookEvent\` schema: one of the event
bodies, told apart by \`type\`) and signed to the Standard Webhooks specification
(\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`); failed deliveries are retried for about
three days.`;

const header = (description: string, schema: JsonSchema) => ({ description, schema });

const HEADERS = {
  'RateLimit-Limit': header('Requests the key may make in a window', { type: 'integer' }),
  'RateLimit-Remaining': header('Requests left in this window', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until the window resets', { type: 'integer' }),
  'Retry-After': header('Seconds to wait before trying again', { type: 'integer' }),
  'Idempotent-Replayed': header('`true` when this is the stored answer to an earlier request with this key', {
    type: 'string',
    enum: ['true'],
  }),
};

const WEBHOOK_HEADERS = [
  ['webhook-id', 'The event id: the same on every retry, for de-duplication'],
  ['webhook-timestamp', "The attempt's time, in seconds since the epoch"],
  ['webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>`, one per valid secret'],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

/** Components from the registry: refs between them, no dialect or id of their own. */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(v1Components, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const named = Object.fromEntries(
    Object.entries(schemas).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [name, schema]),
  );
  // Any webhook body: a receiver finds its event's schema by `type`.
  const ref = (name: string) => `#/components/schemas/${name}`;
  named.WebhookEvent = {
    ...named.WebhookEvent,
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(webhookPayloads.map(({ type, name }) => [type, ref(name)])),
    },
  };
  return named;
}

function webhooks() {
  return Object.fromEntries(
    webhookPayloads.map(({ type, name, schema }) => [
      type,
      {
        post: {
          operationId: `on${name}`,
          summary: webhookEventSummary(type),
          description: `Delivered to endpoints subscribed to \`${type}\`. Answer 2xx within 15 seconds; anything else is retried.`,
          tags: ['Webhook events'],
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${name}` },
                example: exampleOf(schema),
              },
            },
          },
          responses: { '200': { description: 'Received' } },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of /api/v1, built from the route table and the answer schemas. */
export function openApiDocument(routes: readonly V1RouteDoc[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
  }
  const tags = [...new Set(routes.map((route) => route.tag)), 'Webhook events'];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prospector API',
      version: '1.3.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    tags: tags.map((name) => ({ name, description: TAG_WORDS[name] ?? name })),
    paths,
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key from Settings. Scopes: ${API_SCOPES.join(', ')}`,
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'The same key and body within 24 hours get the first answer again; another body is a 409.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: HEADERS,
      schemas: componentSchemas(),
    },
  };
}

const TAG_WORDS: Record<string, string> = {
  Contacts: 'People you email, their lead status and unsubscribes',
  'Email lists': 'Lists of contacts that sequences send to',
  Sequences: 'Create, change, launch, pause and resume; their steps; enrolments one contact at a time',
  Templates: 'The emails sequence steps send: subject and body with variables',
  Sends: 'Emails scheduled and sent, and their events',
  Replies: 'What came back',
  Inbox: 'Conversations of the Inbox, and answering them in their thread',
  Webhooks: 'Endpoints Prospector POSTs events to',
  Suppressions: 'Addresses and domains that are never emailed',
  'Webhook events': 'What each webhook delivers',
};
