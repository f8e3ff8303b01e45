import { SANDBOX_GOOGLE_PATH } from '@prospector/core';
import type { SandboxGoogle } from '@prospector/sandbox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the sandbox Google's wire protocol on the app's port under /sandbox/google: the consent page,
 * token and revoke endpoints (form-encoded, as Google's) and Gmail API v1 (JSON).
 */
export async function sandboxGoogleRoutes(
  app: FastifyInstance,
  options: {
    sandbox: SandboxGoogle;
    /** The signed-in app user making the request, if any: a consent creates a mailbox of theirs. */
    ownerOf: (request: FastifyRequest) => Promise<string | undefined>;
  },
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sandbox.invalid');
    const answer = await options.sandbox.handle({
      method: request.method,
      path: url.pathname.slice(SANDBOX_GOOGLE_PATH.length) || '/',
      query: Object.fromEntries(url.searchParams),
      searchParams: url.searchParams,
      headers: request.headers,
      body: request.body,
      owner: await options.ownerOf(request),
    });
    reply.status(answer.status);
    if (answer.headers) reply.headers(answer.headers);
    if (answer.body === undefined) return reply.send();
    return reply.send(answer.body);
  };
  app.get(`${SANDBOX_GOOGLE_PATH}/*`, serve);
  app.post(`${SANDBOX_GOOGLE_PATH}/*`, serve);
}
