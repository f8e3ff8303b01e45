import { isIP } from 'node:net';
import { cnameTargetOf, isTrackingPath } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';

const MISDIRECTED = { message: 'This host is not served here', code: 'MISDIRECTED_REQUEST' };
const NOT_FOUND = { message: 'Not found', code: 'NOT_FOUND' };

/** The app's own names: its public host, and loopback for local runs. */
function isOwnHost(host: string, appHost: string): boolean {
  return host === '' || host === appHost || host === 'localhost' || isIP(host) !== 0;
}

/**
 * Requests by Host name. The app's own host reaches everything. A verified tracking domain reaches the
 * email links only (pixel, unsubscribe): the app and its API answer 404 there. Any other host name gets
 * 421 on the email links, so a domain nobody verified can never serve them.
 */
export function registerTrackingHostGuard(app: FastifyInstance, ctx: RouteContext): void {
  const appHost = cnameTargetOf(ctx.config.appUrl);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.hostname.toLowerCase().replace(/\.$/, '');
    if (isOwnHost(host, appHost)) return;
    const path = request.url.split('?')[0] ?? '';
    const verified = await ctx.trackingHosts.isVerified(host);
    if (isTrackingPath(path)) {
      if (!verified) return reply.status(421).send(MISDIRECTED);
      return;
    }
    if (verified) return reply.status(404).send(NOT_FOUND);
  });
}
