import { API_KEY_RATE_LIMIT, API_SCOPES } from '@prospector/contracts';
import { z } from 'zod';
import type { V1RouteDoc } from './v1-route';
import { errorSchema } from './v1-schemas';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), inlined. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

function parameters(route: V1RouteDoc) {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  }));
  const query = route.query ? jsonSchema(route.query, 'input') : undefined;
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const inQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  const idempotency =
    route.method === 'POST'
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'The same key and body within 24 hours returns the first answer; another body is a 409.',
            schema: { type: 'string', maxLength: 255 },
          },
        ]
      : [];
  return [...inPath, ...inQuery, ...idempotency];
}

function operation(route: V1RouteDoc) {
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return {
    summary: route.summary,
    tags: [route.tag],
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^a-zA-Z0-9_]+/g, '_')}`,
    description: `Needs the \`${route.scope}\` scope.`,
    security: [{ apiKey: [route.scope] }],
    parameters: parameters(route),
    ...(route.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      },
    }),
    responses: {
      [String(route.status ?? 200)]: {
        description: 'Success',
        content: {
          'application/json': {
            schema: route.response ? jsonSchema(route.response, 'output') : { type: 'object' },
          },
        },
      },
      '400': error,
      '401': error,
      '403': error,
      '404': error,
      '409': error,
      '429': {
        ...error,
        headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of /api/v1, built from the route table and the contracts' zod schemas. */
export function openApiDocument(routes: readonly V1RouteDoc[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prospector API',
      version: '1.0.0',
      description:
        "Contacts, email lists, sequences, sent emails and replies of the key's user. Authenticate with " +
        '`Authorization: Bearer <key>` (create keys in Settings, API). Each key may make ' +
        `${API_KEY_RATE_LIMIT.max} requests a minute; past that the answer is 429 with Retry-After. Lists are ` +
        'paged with `cursor` (pass `nextCursor`). Timestamps are ISO 8601 in UTC.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: `Scopes: ${API_SCOPES.join(', ')}` },
      },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
    },
    paths,
  };
}
