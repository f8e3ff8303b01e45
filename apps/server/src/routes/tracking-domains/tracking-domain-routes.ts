import { createTrackingDomainSchema, normaliseTrackingDomain } from '@prospector/contracts';
import {
  addTrackingDomain,
  isVerifiedTrackingHost,
  listTrackingDomains,
  removeTrackingDomain,
  type TrackingDomainDeps,
  verifyTrackingDomain,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** Tracking domains of one's own: add, check the CNAME, remove; and the TLS proxy's question. */
export async function trackingDomainRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const deps: TrackingDomainDeps = { ...ctx.core, appUrl: ctx.config.appUrl, dns: ctx.dns };

  app.get('/api/tracking-domains', auth, async (request) =>
    listTrackingDomains(deps, signedIn(request).workspaceId),
  );

  // Every change here applies at once to which Host names the tracking links answer on.
  app.post('/api/tracking-domains', auth, async (request, reply) => {
    const input = parseBody(createTrackingDomainSchema, request.body);
    const added = await addTrackingDomain(deps, signedIn(request).workspaceId, input);
    ctx.trackingHosts.clear();
    return reply.status(201).send(added);
  });

  app.post('/api/tracking-domains/:id/verify', auth, async (request) => {
    const checked = await verifyTrackingDomain(deps, signedIn(request).workspaceId, idOf(request));
    ctx.trackingHosts.clear();
    return checked;
  });

  app.delete('/api/tracking-domains/:id', auth, async (request, reply) => {
    await removeTrackingDomain(deps, signedIn(request).workspaceId, idOf(request));
    ctx.trackingHosts.clear();
    return reply.status(204).send();
  });

  // Caddy's on_demand_tls `ask`: a 2xx lets the proxy get a certificate for the name, anything else not.
  app.get('/api/tracking-domains/allowed', async (request, reply) => {
    const asked = (request.query as { domain?: unknown }).domain;
    const domain = typeof asked === 'string' ? normaliseTrackingDomain(asked) : null;
    const allowed = domain !== null && (await isVerifiedTrackingHost(ctx.core.db, domain));
    return reply.status(allowed ? 200 : 404).send({ allowed });
  });
}
