import {
  CLICK_PATH,
  type ClickRecorder,
  createClickRecorder,
  createLiveSendCheck,
  createOpenRecorder,
  findUnsubscribeTarget,
  OPEN_PIXEL_PATH,
  type OpenRecorder,
  UNSUBSCRIBE_PATH,
  unsubscribeContact,
} from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestClient } from '../../http/request-client';
import type { RouteContext } from '../../http/route-context';
import { securityHeaders } from '../../plugins/security-headers';
import { createHostGate } from '../tracking-domains/tracking-host-guard';
import { confirmUnsubscribePage, unknownLinkPage, unsubscribedPage } from './link-pages';
import { createTrackingAnswers } from './tracking-answers';
import { type TrackingFastPath, trackingFastPath } from './tracking-first-server';

export { PIXEL_GIF } from './tracking-answers';

/** The unsubscribe form or a mail client's RFC 8058 one-click POST: a small body of any type. */
const UNSUBSCRIBE_BODY_LIMIT = 16 * 1024;

// Wildcards, not `:token` params: a param longer than Fastify's maxParamLength would be a 414, and every
// token, however odd, must get the GIF or the friendly page.
const tokenParam = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';
/** Links in sent emails always get their image or page: odd characters in a token are dropped, not refused. */
const ANY_TOKEN = { config: { text: 'strip' as const } };
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'];

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pixel's buffered open writer; flush() writes what is pending (tests, shutdown). */
    openRecorder: OpenRecorder;
    /** The click redirect's buffered writer, likewise. */
    clickRecorder: ClickRecorder;
    /** The pixel and the click redirect, served before Fastify (the app's server factory asks it first). */
    trackingFastPath: TrackingFastPath;
  }
}

/**
 * The public tracking endpoints, without a session: the open pixel (`/t/o/{token}.gif`), the click
 * redirect (`/t/c/{token}/{signature}?u={url}`) and the unsubscribe page with its one-click POST (`/u/{token}`). They live outside /api, so the CSRF guard
 * does not apply: a mail client's RFC 8058 POST carries no cookie, no Origin and a form body.
 *
 * The pixel and the redirect answer on node's request and response (tracking-answers.ts), before Fastify
 * when the request's path is plain (tracking-first-server.ts); their Fastify routes hand the rest, and
 * inject(), to the same answers.
 */
export async function trackingRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const opens = createOpenRecorder(ctx.core, {
    onError: (error) => app.log.error({ err: error }, 'Recording opens failed'),
  });
  const clicks = createClickRecorder(ctx.core, {
    onError: (error) => app.log.error({ err: error }, 'Recording clicks failed'),
  });
  app.decorate('openRecorder', opens);
  app.decorate('clickRecorder', clicks);
  app.addHook('onClose', async () => {
    await opens.flush();
    await clicks.flush();
  });

  // The image and the redirect answer at once; the open or click is written with others a moment later.
  // A redirect goes only to an address the app signed for this email: never an open redirect.
  const answers = createTrackingAnswers({
    ctx,
    opens,
    clicks,
    liveSends: createLiveSendCheck(ctx.core),
    gate: createHostGate(ctx),
    client: requestClient(ctx.config.trustProxy),
    securityHeaders: securityHeaders(ctx.config),
    onError: (error) => app.log.error({ err: error }, 'Answering a tracking link failed'),
  });
  const fastPath = trackingFastPath(answers);
  app.decorate('trackingFastPath', fastPath);
  app.addHook('preClose', () => fastPath.close());

  app.get(`${OPEN_PIXEL_PATH}/*`, ANY_TOKEN, (request, reply) => {
    reply.hijack();
    answers.pixel(request.raw, reply.raw, tokenParam(request));
  });
  app.get(`${CLICK_PATH}/*`, ANY_TOKEN, (request, reply) => {
    reply.hijack();
    answers.click(request.raw, reply.raw, tokenParam(request));
  });

  await app.register(async (scope) => {
    // In this scope only: any body is accepted as raw bytes (the app's own parser takes JSON alone).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.get(`${UNSUBSCRIBE_PATH}/*`, ANY_TOKEN, async (request, reply) => {
      const target = await findUnsubscribeTarget(ctx.core, tokenParam(request));
      if (!target) return html(reply, 404, unknownLinkPage());
      if (target.unsubscribed) return html(reply, 200, unsubscribedPage(target.email));
      const action = `${UNSUBSCRIBE_PATH}/${encodeURIComponent(tokenParam(request))}`;
      return html(reply, 200, confirmUnsubscribePage(target.email, action));
    });

    scope.post(`${UNSUBSCRIBE_PATH}/*`, ANY_TOKEN, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const target = await unsubscribeContact(ctx.core, {
        token: tokenParam(request),
        via: /(^|&)source=page(&|$)/.test(body) ? 'page' : 'one-click',
        userAgent: userAgentOf(request),
        ip: request.ip,
      });
      if (!target) return html(reply, 404, unknownLinkPage());
      return html(reply, 200, unsubscribedPage(target.email));
    });
  });
}
// Registered without encapsulation, so the app (and tests) can reach openRecorder; the body parsing above
// stays in its own scope.
Object.assign(trackingRoutes, { [Symbol.for('skip-override')]: true });
