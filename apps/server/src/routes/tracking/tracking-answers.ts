import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CLICK_PATH,
  type ClickRecorder,
  isClickSignature,
  isLinkToken,
  isWebAddress,
  type LiveSendCheck,
  locationOf,
  OPEN_PIXEL_PATH,
  type OpenRecorder,
} from '@prospector/core';
import type { RequestClient } from '../../http/request-client';
import type { RouteContext } from '../../http/route-context';
import { type HostGate, type HostRefusal, normalHost } from '../tracking-domains/tracking-host-guard';
import { goneEmailClickPage, unknownClickPage } from './link-pages';

/** The transparent 1x1 GIF (43 bytes) every pixel request gets, whatever the token. */
export const PIXEL_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

const NO_STORE = 'no-store';
const INTERNAL_ERROR = { message: 'Internal server error', code: 'INTERNAL' };

/**
 * The pixel and the click redirect, answered on node's own request and response: they are asked for
 * thousands of times a second, so every answer is a constant or close to one, written in one go, and the
 * open or click is handed to its batch recorder, never awaited. Fastify's routes call these too (for
 * requests the fast path leaves to it, and for inject() in tests), so both ways answer alike.
 */
export interface TrackingAnswers {
  /** `file`: the pixel path after `/t/o/`, as the router decodes it. */
  pixel(request: IncomingMessage, response: ServerResponse, file: string): void;
  /** `path`: the click path after `/t/c/` (`{token}/{signature}`); the address comes from the raw query. */
  click(request: IncomingMessage, response: ServerResponse, path: string): void;
}

export interface TrackingAnswerDeps {
  ctx: RouteContext;
  opens: OpenRecorder;
  clicks: ClickRecorder;
  /** Whether a click link's email still exists: only then does the link redirect. */
  liveSends: LiveSendCheck;
  gate: HostGate;
  client: RequestClient;
  /** The security headers every answer of the app carries. */
  securityHeaders: Record<string, string>;
  onError: (error: unknown) => void;
}

/** One answer in one write; a HEAD gets the headers alone (Content-Length still the body's). */
function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body?: Buffer,
) {
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The original address of a click link, read from the raw query so it is exactly what was signed. */
function clickTarget(url: string | undefined, path: string) {
  const [trackingToken = '', signature = ''] = path.split('/');
  const query = url?.indexOf('?') ?? -1;
  const address = query === -1 ? null : new URLSearchParams(url?.slice(query + 1)).get('u');
  return { trackingToken, signature, address };
}

export function createTrackingAnswers(deps: TrackingAnswerDeps): TrackingAnswers {
  const { ctx, opens, clicks, liveSends, gate, client, securityHeaders, onError } = deps;
  const { clock } = ctx.core;
  const { appSecret } = ctx.config;
  const pixelHeaders = {
    ...securityHeaders,
    'content-type': 'image/gif',
    'content-length': String(PIXEL_GIF.length),
    'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
    pragma: 'no-cache',
    expires: '0',
  };
  const notValidPage = Buffer.from(unknownClickPage());
  const notValidHeaders = {
    ...securityHeaders,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': NO_STORE,
    'content-length': String(notValidPage.length),
  };
  const redirectHeaders = {
    ...securityHeaders,
    'cache-control': NO_STORE,
    'referrer-policy': 'no-referrer',
    'content-length': '0',
  };

  function json(request: IncomingMessage, response: ServerResponse, status: number, body: object) {
    const text = Buffer.from(JSON.stringify(body));
    const headers = {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(text.length),
    };
    send(request, response, status, headers, text);
  }

  /** Serves on the app's own host at once; elsewhere only on a verified tracking domain (else 421). */
  function onAllowedHost(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    serve: () => void,
  ) {
    const host = normalHost(client.hostname(request));
    if (gate.isOwn(host)) return serve();
    gate.refusal(host, path).then(
      (refused: HostRefusal | null) =>
        refused ? json(request, response, refused.status, refused.body) : serve(),
      (error: unknown) => {
        onError(error);
        json(request, response, 500, INTERNAL_ERROR);
      },
    );
  }

  return {
    pixel(request, response, file) {
      onAllowedHost(request, response, `${OPEN_PIXEL_PATH}/${file}`, () => {
        // A HEAD (link checkers, prefetchers) does not display the image: it is answered, not recorded.
        if (request.method === 'GET') {
          opens.record({
            trackingToken: file.endsWith('.gif') ? file.slice(0, -4) : file,
            userAgent: request.headers['user-agent'],
            ip: client.ip(request),
            at: clock.now(),
          });
        }
        send(request, response, 200, pixelHeaders, PIXEL_GIF);
      });
    },

    click(request, response, path) {
      onAllowedHost(request, response, `${CLICK_PATH}/${path}`, () => {
        const { trackingToken, signature, address } = clickTarget(request.url, path);
        const signed =
          address !== null &&
          isWebAddress(address) &&
          isLinkToken(trackingToken) &&
          isClickSignature(appSecret, trackingToken, address, signature);
        if (!signed) {
          send(request, response, 404, notValidHeaders, notValidPage);
          return;
        }
        const follow = (live: boolean) => {
          if (!live) {
            const gone = Buffer.from(goneEmailClickPage(address));
            const headers = { ...notValidHeaders, 'content-length': String(gone.length) };
            send(request, response, 404, headers, gone);
            return;
          }
          clicks.record({
            trackingToken,
            url: address,
            method: request.method === 'HEAD' ? 'HEAD' : 'GET',
            userAgent: request.headers['user-agent'],
            ip: client.ip(request),
            at: clock.now(),
          });
          send(request, response, 302, { ...redirectHeaders, location: locationOf(address) });
        };
        if (liveSends.cached(trackingToken)) return follow(true);
        liveSends.isLive(trackingToken).then(follow, (error: unknown) => {
          onError(error);
          json(request, response, 500, INTERNAL_ERROR);
        });
      });
    },
  };
}
