import { SANDBOX_APOLLO_PATH } from '@prospector/core';
import type { SandboxApollo } from '@prospector/sandbox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Serves the sandbox Apollo's REST API (and its company logos) on the app's port under /sandbox/apollo. */
export async function sandboxApolloRoutes(
  app: FastifyInstance,
  options: { sandbox: SandboxApollo },
): Promise<void> {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sandbox.invalid');
    const answer = options.sandbox.handle({
      method: request.method,
      path: url.pathname.slice(SANDBOX_APOLLO_PATH.length) || '/',
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: request.body,
    });
    reply.status(answer.status);
    if (answer.headers) reply.headers(answer.headers);
    return reply.send(answer.body);
  };
  app.get(`${SANDBOX_APOLLO_PATH}/*`, serve);
  app.post(`${SANDBOX_APOLLO_PATH}/*`, serve);
}
