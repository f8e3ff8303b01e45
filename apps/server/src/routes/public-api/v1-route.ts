import type { ApiScope } from '@prospector/contracts';
import { AppError } from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiKeyIdentity } from './v1-auth';

/** What the OpenAPI document needs to know about a route; the route table is the one source. */
export interface V1RouteDoc {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI style, relative to /api/v1: `/contacts/{id}`. */
  path: string;
  summary: string;
  tag: string;
  scope: ApiScope;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** The status of a successful answer; 200 unless given. */
  status?: number;
}

export interface V1Call {
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
}

export const INSUFFICIENT_SCOPE = (scope: ApiScope) => `This API key lacks the ${scope} scope`;

/** Every v1 route registered so far, for the OpenAPI document. */
export const v1Routes: V1RouteDoc[] = [];

/**
 * Registers a v1 route: the key must carry the route's scope, and the handler gets the key's user.
 * The route is recorded for the OpenAPI document.
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
    handler: async (request, reply) => {
      const identity = apiKeyIdentity(request);
      if (!identity.scopes.includes(doc.scope))
        throw new AppError('FORBIDDEN', INSUFFICIENT_SCOPE(doc.scope));
      const result = await handler({ request, reply, userId: identity.userId });
      if (doc.status) reply.status(doc.status);
      return result;
    },
  });
}
