import { isIP } from 'node:net';
import { cnameTargetOf, isTrackingPath } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';

/** Why a request's Host may not ask for its path, with the answer it gets. */
export type HostRefusal = { status: 421 | 404; body: { message: string; code: string } };

const MISDIRECTED: HostRefusal = {
  status: 421,
  body: { message: 'This host is not served here', code: 'MISDIRECTED_REQUEST' },
};
const NOT_FOUND: HostRefusal = { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };

/**
 * The Host name as the guard compares it: lower case, without the final dot of a fully qualified name,
 * and an IPv6 literal without its brackets (`[::1]` is `::1`, an address like any other).
 */
export const normalHost = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');

/**
 * Requests by Host name. The app's own host (its public host, loopback for local runs) reaches everything.
 * A verified tracking domain reaches the email links only (pixel, click, unsubscribe): the app and its API
 * answer 404 there. Any other host name gets 421 on the email links, so a domain nobody verified can never
 * serve them. `isOwn` answers at once; `refusal` asks the verified-host cache for any other name.
 */
export function createHostGate(ctx: Pick<RouteContext, 'config' | 'trackingHosts'>) {
  const appHost = cnameTargetOf(ctx.config.appUrl);
  return {
    isOwn: (host: string) => host === '' || host === appHost || host === 'localhost' || isIP(host) !== 0,
    async refusal(host: string, path: string): Promise<HostRefusal | null> {
      const verified = await ctx.trackingHosts.isVerified(host);
      if (isTrackingPath(path)) return verified ? null : MISDIRECTED;
      return verified ? NOT_FOUND : null;
    },
  };
}
export type HostGate = ReturnType<typeof createHostGate>;

export function registerTrackingHostGuard(app: FastifyInstance, ctx: RouteContext): void {
  const gate = createHostGate(ctx);
  app.addHook('onRequest', async (request, reply) => {
    const host = normalHost(request.hostname);
    if (gate.isOwn(host)) return;
    // The route the router matched, when it matched one: `/t/%6f/…` is the pixel's route, as it is served.
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const refused = await gate.refusal(host, path);
    if (refused) return reply.status(refused.status).send(refused.body);
  });
}
