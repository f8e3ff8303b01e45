import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a file read as it arrives (a CSV import): no deadline for the whole request. */
    streamedBody?: boolean;
  }
}

/**
 * The whole request within `ms` (decision 015), as node's `requestTimeout` would do it, but per route: a
 * streamed file upload may take as long as its bytes keep coming (its route guards against a stalled
 * client itself). A request still arriving at the deadline gets node's own answer: the server's
 * 'clientError' with ERR_HTTP_REQUEST_TIMEOUT, a 408, and the socket closed. A request already answered is
 * past its deadline's concern, even when its body was never read to the end.
 */
export function registerRequestDeadline(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (raw.complete || request.routeOptions.config?.streamedBody) return;
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      const error = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
      app.server.emit('clientError', error, raw.socket);
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('finish', stop);
  });
}
