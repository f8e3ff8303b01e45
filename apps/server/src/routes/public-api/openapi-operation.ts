import type { AppErrorCode } from '@prospector/core';
import { z } from 'zod';
import { statusForCode } from '../../http/error-status';
import { componentName, exampleOf } from './v1-components';
import type { V1RouteDoc } from './v1-route';
import { closeObjects } from './v1-strict';

type JsonSchema = Record<string, unknown>;
const ref = (name: string, kind = 'schemas') => ({ $ref: `#/components/${kind}/${name}` });

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), inlined. A request's objects take no field
 * they do not declare.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    ...(io === 'input' && { override: closeObjects }),
  }) as JsonSchema;
  return rest;
}

function parameters(route: V1RouteDoc) {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    description: `The ${name === 'id' ? route.tag.replace(/s$/, '').toLowerCase() : name.replace(/Id$/, '')}'s id`,
    schema: { type: 'string', format: 'uuid' },
  }));
  const query = route.query ? jsonSchema(route.query, 'input') : undefined;
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const inQuery = Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: required.has(name),
    description: description ?? QUERY_WORDS[name] ?? name,
    schema,
  }));
  const idempotency = route.method === 'POST' ? [ref('IdempotencyKey', 'parameters')] : [];
  return [...inPath, ...inQuery, ...idempotency];
}

const QUERY_WORDS: Record<string, string> = {
  cursor: 'The `nextCursor` of the previous page; leave out for the first page',
  limit: 'How many items a page holds (1 to 100)',
  status: 'Only emails in this state',
  since: 'Only emails due or sent at or after this time (ISO 8601)',
  until: 'Only emails due or sent before this time (ISO 8601)',
  sequenceId: "Only this sequence's emails",
  includeAutoReplies: 'true to include automatic replies (out of office, ...)',
  email: 'Only the contact at this address (compared without case)',
  updatedSince:
    'Only contacts changed at or after this time (ISO 8601), oldest change first: keep the last `updatedAt` you read and pass it next time',
};

/** Every error an operation can answer, by status: those of its kind, and its own. */
export function errorCodes(route: V1RouteDoc): Map<number, Set<AppErrorCode>> {
  const codes: AppErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'VALIDATION_ERROR'];
  if (route.path.includes('{')) codes.push('NOT_FOUND');
  if (route.method !== 'GET') codes.push('BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (route.method === 'POST') codes.push('CONFLICT');
  codes.push(...(route.errors ?? []));
  const byStatus = new Map<number, Set<AppErrorCode>>();
  for (const code of codes) {
    const status = statusForCode(code);
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  return byStatus;
}

const ERROR_WORDS: Record<number, string> = {
  400: 'The request is not valid, or sends a field or query parameter the operation does not take (`errors` lists each field)',
  401: "No API key, or an unknown or revoked one; its RateLimit-* headers count the address's failed authentications",
  403: 'The API key lacks the scope this operation needs',
  404: 'No such record among the key user’s own',
  409: 'The Idempotency-Key was used with another body, its first request is still running, or what it created was deleted',
  413: 'The body is larger than 1 MiB',
  415: 'A body that is not `application/json`',
  422: 'The request is well formed but breaks a rule; the message names it',
  429: "Past the key's rate limit, or past the address's failed authentications; wait `Retry-After` seconds",
};

const RATE_HEADERS = {
  'RateLimit-Limit': ref('RateLimit-Limit', 'headers'),
  'RateLimit-Remaining': ref('RateLimit-Remaining', 'headers'),
  'RateLimit-Reset': ref('RateLimit-Reset', 'headers'),
};

function errorResponses(route: V1RouteDoc) {
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...errorCodes(route)].sort(([a], [b]) => a - b)) {
    const list = [...codes];
    responses[String(status)] = {
      description: `${ERROR_WORDS[status] ?? 'Error'}. Codes: ${list.join(', ')}.`,
      headers: {
        ...RATE_HEADERS,
        ...(status === 429 && { 'Retry-After': ref('Retry-After', 'headers') }),
      },
      content: {
        'application/json': {
          schema: { allOf: [ref('Error')], properties: { code: { enum: list } } },
          example: { message: EXAMPLE_MESSAGE[list[0]!] ?? list[0], code: list[0] },
        },
      },
    };
  }
  return responses;
}

const EXAMPLE_MESSAGE: Partial<Record<AppErrorCode, string>> = {
  UNAUTHORIZED: 'Invalid or revoked API key',
  FORBIDDEN: 'This API key lacks the contacts:write scope',
  RATE_LIMITED: 'Too many requests for this API key',
  VALIDATION_ERROR: 'Limit must be at most 100',
  NOT_FOUND: 'Contact not found',
  BAD_REQUEST: 'Malformed JSON body',
  PAYLOAD_TOO_LARGE: 'Request body is too large (the limit is 1 MiB)',
  UNSUPPORTED_MEDIA_TYPE: 'Requests that change data must send Content-Type: application/json',
  CONFLICT: 'This Idempotency-Key was already used with a different request',
  INVALID_CUSTOM_FIELDS: 'At most 50 custom fields a contact',
};

function successResponses(route: V1RouteDoc) {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    responses[status] = {
      description: status === '201' ? 'Created' : 'OK',
      headers: {
        ...RATE_HEADERS,
        ...(route.method === 'POST' && { 'Idempotent-Replayed': ref('Idempotent-Replayed', 'headers') }),
      },
      content: { 'application/json': { schema: ref(componentName(schema)), example: exampleOf(schema) } },
    };
  }
  return responses;
}

/** One operation of the document, from its route. */
export function operation(route: V1RouteDoc) {
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, `Needs the \`${route.scope}\` scope.`].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    security: [{ apiKey: [route.scope] }],
    parameters: parameters(route),
    ...(route.body && {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: jsonSchema(route.body, 'input'), example: route.bodyExample },
        },
      },
    }),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}
