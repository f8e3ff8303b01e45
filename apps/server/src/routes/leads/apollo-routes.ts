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
import { perUserRateLimit } from '../../plugins/rate-limit';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Leads Finder searches (a list's Apollo search included) per user and minute. */
export const LEAD_SEARCHES_PER_USER = { max: 30, windowMs: 60_000 };
/** Title and location suggestions, asked for as the user types, per user and minute. */
export const LEAD_SUGGESTIONS_PER_USER = { max: 120, windowMs: 60_000 };
export const LEAD_SEARCH_RATE_LIMITED = 'Too many Apollo searches. Please wait a minute and try again.';

/** Leads Finder (spec section 7 "Leads"): Apollo search, reveal, adding leads to a list, and job status. */
export async function apolloRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const rated = (name: string, settings: typeof LEAD_SEARCHES_PER_USER) => ({
    preHandler: [
      requireSession(ctx.core),
      perUserRateLimit(ctx.database, ctx.core.clock, name, settings, LEAD_SEARCH_RATE_LIMITED),
    ],
  });
  const search = rated('lead-search', LEAD_SEARCHES_PER_USER);
  const suggestions = rated('lead-suggestions', LEAD_SUGGESTIONS_PER_USER);

  app.post('/api/apollo/search', suggestions, async (request) =>
    searchLeadSuggestions(ctx.core, user(request), parseBody(leadSuggestionQuerySchema, request.body)),
  );
  app.post('/api/apollo/leads-search', search, async (request) =>
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
  app.post('/api/personas/:id/search-apollo', search, async (request) => {
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
