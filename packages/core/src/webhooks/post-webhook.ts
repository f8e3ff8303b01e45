import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { guardedLookup, isPublicAddress, WEBHOOK_URL_PRIVATE } from './url-guard';

/** Standard Webhooks: a receiver has 15 seconds to answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** The most of a response body read (kept as the log's snippet); the rest is never downloaded. */
export const RESPONSE_SNIPPET_BYTES = 4096;

export interface PostResult {
  statusCode: number | null;
  /** The Retry-After header of a 429 or 503, in milliseconds. */
  retryAfterMs: number | null;
  snippet: string | null;
  error: string | null;
}

const agents = new Map<string, http.Agent>();

/** Keep-alive agents, one per protocol and private-address setting, each with its guarded lookup. */
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 8, lookup: guardedLookup(allowPrivate) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * POSTs one webhook: no redirects followed (a 3xx is a failure like any other), a 15-second timeout, and
 * at most a few kilobytes of the answer read. The address is checked at connection time.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; now: Date },
): Promise<PostResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address never reaches the lookup, so it is judged here.
  if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host))
    return Promise.resolve({
      statusCode: null,
      retryAfterMs: null,
      snippet: null,
      error: WEBHOOK_URL_PRIVATE,
    });
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        agent: agentFor(target.protocol, options.allowPrivate),
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            retryAfterMs: retryAfterMs(response.headers['retry-after'], options.now),
            snippet: Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString('utf8') || null,
            error: null,
          });
        response.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_SNIPPET_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_SNIPPET_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error('Timed out after 15 seconds')));
    request.on('error', (error) =>
      finish({ statusCode: null, retryAfterMs: null, snippet: null, error: error.message.slice(0, 300) }),
    );
    request.end(body);
  });
}
