import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

type HeaderConfig = Pick<AppConfig, 'appUrl' | 'chatWidgetUrl' | 'analyticsToken' | 'analyticsApiHost'>;

const originOf = (url: string) => new URL(url).origin;

/** The SPA's CSP: its own scripts only, plus the chat widget frame and analytics endpoint when configured. */
export function contentSecurityPolicy(config: HeaderConfig): string {
  const connect = ["'self'"];
  if (config.analyticsApiHost) connect.push(originOf(config.analyticsApiHost));
  else if (config.analyticsToken) connect.push('https://api-js.mixpanel.com', 'https://api.mixpanel.com');
  const frames = config.chatWidgetUrl ? [originOf(config.chatWidgetUrl)] : ["'self'"];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The chat widget's iframe is allowed the microphone (spec: "microphone allowed"); nothing else is. */
export function permissionsPolicy(config: Pick<AppConfig, 'chatWidgetUrl'>): string {
  const microphone = config.chatWidgetUrl ? `(self "${originOf(config.chatWidgetUrl)}")` : '()';
  return `camera=(), microphone=${microphone}, geolocation=()`;
}

/** The security headers every response carries, API, static files and email links alike. */
export function securityHeaders(config: HeaderConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Reset links carry their token in the query string; never pass URLs on to other sites.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': permissionsPolicy(config),
  };
  if (config.appUrl.startsWith('https:')) {
    headers['strict-transport-security'] = 'max-age=15552000; includeSubDomains';
  }
  return headers;
}

/** Security headers on every response Fastify answers (the email links' fast path adds its own). */
export function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (isPrivateAnswer(request.routeOptions.url ?? request.url)) reply.header('cache-control', 'no-store');
  });
}

/**
 * The API's answers are the user's own data, and some carry secrets (a new API key, a webhook's signing
 * secret, the sandbox Google's tokens): no browser or proxy may keep a copy.
 */
const isPrivateAnswer = (path: string) => path.startsWith('/api/') || path.startsWith('/sandbox/');
