import { checkEmailInputSchema, listCheckExcludeSchema } from '@prospector/contracts';
import {
  checkSequenceList,
  checkTemplateEmail,
  excludeListCheckReason,
  includeListCheckReason,
  SEQUENCE_NOT_FOUND,
  TEMPLATE_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { perUserRateLimit } from '../../plugins/rate-limit';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** List checks (and exclusions, which check again) per user and minute. */
export const LIST_CHECKS_PER_USER = { max: 10, windowMs: 60_000 };

/** Checks before launch (decision 036): a template's email scored for spam, a sequence's list checked. */
export async function checkRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);
  // Each list check looks up every domain of the list: a few a minute per user bound what one sends out.
  const listCheck = {
    preHandler: [
      requireSession(ctx.core),
      perUserRateLimit(ctx.database, ctx.core.clock, 'list-check', LIST_CHECKS_PER_USER),
    ],
  };

  app.post('/api/templates/:id/check', auth, async (request) => {
    const input = parseBody(checkEmailInputSchema, request.body ?? {});
    const templateId = pathId(request, 'id', TEMPLATE_NOT_FOUND);
    return checkTemplateEmail(ctx.core, user(request), templateId, input, ctx.config.appUrl);
  });

  app.post('/api/sequences/:id/list-check', listCheck, async (request) =>
    checkSequenceList(ctx.core, user(request), sequenceId(request)),
  );

  app.post('/api/sequences/:id/list-check/exclude', listCheck, async (request) => {
    const { reason } = parseBody(listCheckExcludeSchema, request.body);
    return excludeListCheckReason(ctx.core, user(request), sequenceId(request), reason);
  });

  app.delete('/api/sequences/:id/list-check/exclude', auth, async (request) => {
    const { reason } = parseBody(listCheckExcludeSchema, request.query);
    return includeListCheckReason(ctx.core, user(request), sequenceId(request), reason);
  });
}
