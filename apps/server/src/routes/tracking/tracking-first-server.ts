import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { CLICK_PATH, OPEN_PIXEL_PATH } from '@prospector/core';
import type { FastifyServerFactory } from 'fastify';
import type { TrackingAnswers } from './tracking-answers';

/** What the fast path serves itself: the pixel and the click redirect; every other request goes to Fastify. */
export interface TrackingFastPath {
  /** True when it answered the request; false leaves the request to Fastify. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** From now on every request goes to Fastify, which answers 503 while the app closes. */
  close(): void;
}

const PIXEL_PREFIX = `${OPEN_PIXEL_PATH}/`;
const CLICK_PREFIX = `${CLICK_PATH}/`;
/**
 * Paths the router would hand to the route unchanged: nothing to percent-decode, no character the route's
 * text rule strips, no `;` or `#`. Anything else is left to Fastify, whose routes give the same answers.
 */
const PLAIN_PATH = /^[\w.~/-]*$/;

/**
 * The pixel and the click redirect served before Fastify's router, hooks and logger: each costs a few
 * microseconds there instead of tens in Fastify, and they are most of the app's requests. Only GET and
 * HEAD of a plain path are taken.
 */
export function trackingFastPath(answers: TrackingAnswers): TrackingFastPath {
  let closing = false;
  return {
    serve(request, response) {
      const url = request.url ?? '';
      const pixel = url.startsWith(PIXEL_PREFIX);
      if (closing || !(pixel || url.startsWith(CLICK_PREFIX))) return false;
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const query = url.indexOf('?');
      const path = url.slice((pixel ? PIXEL_PREFIX : CLICK_PREFIX).length, query === -1 ? url.length : query);
      if (!PLAIN_PATH.test(path)) return false;
      if (pixel) answers.pixel(request, response, path);
      else answers.click(request, response, path);
      return true;
    },
    close() {
      closing = true;
    },
  };
}

interface FastifyHttpOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's `serverFactory`: node's HTTP server, set up as Fastify would set up its own (timeouts and
 * keep-alive from its options), that offers each request to the fast path (`fastPath()`, there once the
 * tracking routes are registered) before Fastify's handler.
 */
export function trackingFirstServer(fastPath: () => TrackingFastPath | undefined): FastifyServerFactory {
  return (handler, options) => {
    const settings = options as unknown as FastifyHttpOptions;
    const server = createServer(settings.http ?? {}, (request, response) => {
      if (!fastPath()?.serve(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };
}
