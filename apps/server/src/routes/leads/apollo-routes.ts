import {
  addAllLeadsToPersonaSchema,
  addLeadsToPersonaSchema,
  leadSearchSchema,
  leadSuggestionQuerySchema,
  personaApolloSearchSchema,
  revealEmailSchema,
} from '@prospector/contracts';
import {
  addAllLeadsToPersona,
  addLeadsToPersona,
  getJob,
  JOB_NOT_FOUND,
  PERSONA_NOT_FOUND,
  revealLeadEmail,
  searchLeadSuggestions,
  searchLeads,
  searchPersonaLeads,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Leads Finder (spec section 7 "Leads"): Apollo search, reveal, adding leads to a list, and job status. */
export async function apolloRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).userId;

  app.post('/api/apollo/search', auth, async (request) =>
    searchLeadSuggestions(ctx.core, user(request), parseBody(leadSuggestionQuerySchema, request.body)),
  );
  app.post('/api/apollo/leads-search', auth, async (request) =>
    searchLeads(ctx.core, user(request), parseBody(leadSearchSchema, request.body)),
  );
  app.post('/api/apollo/reveal-email', auth, async (request) =>
    revealLeadEmail(ctx.core, user(request), parseBody(revealEmailSchema, request.body)),
  );
  app.post('/api/apollo/add-to-persona', auth, async (request) =>
    addLeadsToPersona(ctx.core, ctx.queue, user(request), parseBody(addLeadsToPersonaSchema, request.body)),
  );
  app.post('/api/apollo/add-all-to-persona', auth, async (request) =>
    addAllLeadsToPersona(
      ctx.core,
      ctx.queue,
      user(request),
      parseBody(addAllLeadsToPersonaSchema, request.body),
    ),
  );
  app.post('/api/personas/:id/search-apollo', auth, async (request) => {
    const id = pathId(request, 'id', PERSONA_NOT_FOUND);
    return searchPersonaLeads(
      ctx.core,
      user(request),
      id,
      parseBody(personaApolloSearchSchema, request.body ?? {}),
    );
  });
  app.get('/api/jobs/:jobId', auth, async (request) =>
    getJob(ctx.core, user(request), pathId(request, 'jobId', JOB_NOT_FOUND)),
  );
}
