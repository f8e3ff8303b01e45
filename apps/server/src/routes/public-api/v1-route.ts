import type { ApiScope } from '@prospector/contracts';
import { type Actor, AppError, type AppErrorCode, apiKeyActor } from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiKeyIdentity } from './v1-auth';
import { refuseUnknownFields } from './v1-strict';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The v1 route's description, for the hooks that act before its handler. */
    v1Route?: V1RouteDoc;
  }
}

/** What the OpenAPI document needs to know about a route; the route table is the one source. */
export interface V1RouteDoc {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI style, relative to /api/v1: `/contacts/{id}`. */
  path: string;
  /** Readable and stable: `listContacts`, `createContact`. */
  operationId: string;
  summary: string;
  /** What an integrator needs beyond the summary (Markdown). */
  description?: string;
  tag: string;
  scope: ApiScope;
  /**
   * The query parameters and body fields the operation takes; any other is refused with a 400 naming it
   * before the handler runs (none at all when left out).
   */
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * What unknown body fields are judged against when it is not `body`: a batch whose items the handler
   * judges one by one, so that one item's unknown field fails only that item.
   */
  knownBody?: z.ZodType;
  /** A request body that passes `body`, for the document. */
  bodyExample?: unknown;
  /** Each success status the route answers, with the schema its answer is parsed with. */
  responses: Partial<Record<200 | 201, z.ZodType>>;
  /** Errors of this route beyond those every route of its kind can answer, by code. */
  errors?: AppErrorCode[];
  /**
   * For an answer that holds a secret: a replay of it (Idempotency-Key) is given only while this holds,
   * e.g. while the resource it created still exists.
   */
  replayWhile?: (workspaceId: string, answer: unknown) => Promise<boolean>;
}

export interface V1Call {
  request: FastifyRequest;
  reply: FastifyReply;
  workspaceId: string;
  /** The key, as the activity log names it. */
  actor: Actor;
}

export const INSUFFICIENT_SCOPE = (scope: ApiScope) => `This API key lacks the ${scope} scope`;

/** Every v1 route registered so far, for the OpenAPI document. */
export const v1Routes: V1RouteDoc[] = [];

/** The one status a route answers unless its handler sets another it declares. */
const defaultStatus = (doc: V1RouteDoc) => (doc.responses[200] ? 200 : 201);

/**
 * Registers a v1 route: the key must carry the route's scope, a query parameter or body field the route
 * does not declare is refused (400), and the handler gets the key's user. The
 * answer is serialised through the schema declared for its status, so it holds exactly what the document
 * says. The route is recorded for the OpenAPI document.
 */
export function v1Route(
  app: FastifyInstance,
  doc: V1RouteDoc,
  handler: (call: V1Call) => Promise<unknown>,
): void {
  if (!v1Routes.some((route) => route.method === doc.method && route.path === doc.path)) v1Routes.push(doc);
  app.route({
    method: doc.method,
    url: `/api/v1${doc.path.replace(/\{(\w+)\}/g, ':$1')}`,
    config: { v1Route: doc },
    // Before the Idempotency-Key is claimed: a request with a field the operation does not take is refused.
    preValidation: async (request) => {
      requireScope(request, doc.scope);
      refuseUnknownFields(doc.query, request.query, 'query');
      if (doc.method !== 'GET') refuseUnknownFields(doc.knownBody ?? doc.body, request.body, 'body');
    },
    handler: async (request, reply) => {
      const identity = requireScope(request, doc.scope);
      reply.status(defaultStatus(doc));
      const actor = apiKeyActor(identity.keyName);
      const result = await handler({ request, reply, workspaceId: identity.workspaceId, actor });
      return serialiseAnswer(doc, reply.statusCode, result);
    },
  });
}

/** The key of the request, when it carries `scope`; a 403 otherwise. */
export function requireScope(request: FastifyRequest, scope: ApiScope) {
  const identity = apiKeyIdentity(request);
  if (!identity.scopes.includes(scope)) throw new AppError('FORBIDDEN', INSUFFICIENT_SCOPE(scope));
  return identity;
}

/**
 * The answer as its declared schema has it: dates become ISO strings and fields the schema does not name
 * are left out. An answer that does not fit is the server's mistake, never the caller's: a 500.
 */
export function serialiseAnswer(doc: V1RouteDoc, status: number, result: unknown): unknown {
  const schema = doc.responses[status as 200 | 201];
  if (!schema) throw new Error(`${doc.operationId} answered ${status}, which it does not declare`);
  const parsed = schema.safeParse(JSON.parse(JSON.stringify(result)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${doc.operationId} answered outside its schema at ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  return parsed.data;
}
