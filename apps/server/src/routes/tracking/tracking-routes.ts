import {
  CLICK_PATH,
  type ClickRecorder,
  createClickRecorder,
  createOpenRecorder,
  findUnsubscribeTarget,
  isClickSignature,
  isLinkToken,
  isWebAddress,
  locationOf,
  OPEN_PIXEL_PATH,
  type OpenRecorder,
  UNSUBSCRIBE_PATH,
  unsubscribeContact,
} from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { confirmUnsubscribePage, unknownClickPage, unknownLinkPage, unsubscribedPage } from './link-pages';

/** The transparent 1x1 GIF (43 bytes) every pixel request gets, whatever the token. */
export const PIXEL_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

const PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'content-length': String(PIXEL_GIF.length),
  'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
};

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
  }
}

/** The original address of a click link, read from the raw query so it is exactly what was signed. */
function clickTarget(request: FastifyRequest) {
  const [trackingToken = '', signature = ''] = tokenParam(request).split('/');
  const query = request.url.indexOf('?');
  const url = query === -1 ? null : new URLSearchParams(request.url.slice(query + 1)).get('u');
  return { trackingToken, signature, url };
}

/**
 * The public tracking endpoints, without a session: the open pixel (`/t/o/{token}.gif`), the click
 * redirect (`/t/c/{token}/{signature}?u={url}`) and the unsubscribe page with its one-click POST (`/u/{token}`). They live outside /api, so the CSRF guard
 * does not apply: a mail client's RFC 8058 POST carries no cookie, no Origin and a form body.
 */
export async function trackingRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const recorder = createOpenRecorder(ctx.core, {
    onError: (error) => app.log.error({ err: error }, 'Recording opens failed'),
  });
  app.decorate('openRecorder', recorder);
  app.addHook('onClose', () => recorder.flush());

  // The image answers at once, for any token; the open is written with others a moment later.
  app.get(`${OPEN_PIXEL_PATH}/*`, ANY_TOKEN, async (request, reply) => {
    const file = tokenParam(request);
    // A HEAD (link checkers, prefetchers) does not display the image: it is answered, not recorded.
    if (request.method === 'GET') {
      recorder.record({
        trackingToken: file.endsWith('.gif') ? file.slice(0, -4) : file,
        userAgent: userAgentOf(request),
        ip: request.ip,
        at: ctx.core.clock.now(),
      });
    }
    return reply.status(200).headers(PIXEL_HEADERS).send(PIXEL_GIF);
  });

  const clicks = createClickRecorder(ctx.core, {
    onError: (error) => app.log.error({ err: error }, 'Recording clicks failed'),
  });
  app.decorate('clickRecorder', clicks);
  app.addHook('onClose', () => clicks.flush());

  // Redirects at once, only to an address the app signed for this email: never an open redirect. The click
  // is judged and written with others a moment later; a HEAD is answered the same and recorded as flagged.
  app.get(`${CLICK_PATH}/*`, ANY_TOKEN, async (request, reply) => {
    const { trackingToken, signature, url } = clickTarget(request);
    const signed =
      url !== null &&
      isWebAddress(url) &&
      isLinkToken(trackingToken) &&
      isClickSignature(ctx.config.appSecret, trackingToken, url, signature);
    if (!signed) return html(reply, 404, unknownClickPage());
    clicks.record({
      trackingToken,
      url,
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      userAgent: userAgentOf(request),
      ip: request.ip,
      at: ctx.core.clock.now(),
    });
    return reply
      .status(302)
      .headers({ location: locationOf(url), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
      .send();
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
