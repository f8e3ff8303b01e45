import { stepPreviewQuerySchema } from '@prospector/contracts';
import {
  listLaunchSkips,
  listPreviewContacts,
  listSkippedContacts,
  listTemplateVariables,
  previewStepAsContact,
  reviewLaunchVariables,
  SEQUENCE_NOT_FOUND,
  STEP_NOT_IN_SEQUENCE,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Template variables for the editor, and a sequence step previewed as one of its contacts (decision 025). */
export async function personalisationRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const deps = { ...ctx.core, appUrl: ctx.config.appUrl };

  app.get('/api/template-variables', auth, async (request) => listTemplateVariables(ctx.core, user(request)));

  app.get('/api/sequences/:id/launch-variables', auth, async (request) =>
    reviewLaunchVariables(ctx.core, user(request), pathId(request, 'id', SEQUENCE_NOT_FOUND)),
  );

  app.get('/api/launch-skips', auth, async (request) => listLaunchSkips(ctx.core, user(request)));

  app.get('/api/sequences/:id/skipped-contacts', auth, async (request) =>
    listSkippedContacts(ctx.core, user(request), pathId(request, 'id', SEQUENCE_NOT_FOUND)),
  );

  app.get('/api/sequences/:id/preview-contacts', auth, async (request) =>
    listPreviewContacts(ctx.core, user(request), pathId(request, 'id', SEQUENCE_NOT_FOUND)),
  );

  app.get('/api/sequences/:id/steps/:stepId/preview', auth, async (request) => {
    const sequenceId = pathId(request, 'id', SEQUENCE_NOT_FOUND);
    const stepId = pathId(request, 'stepId', STEP_NOT_IN_SEQUENCE);
    const { contactId } = parseBody(stepPreviewQuerySchema, request.query);
    return previewStepAsContact(deps, user(request), { sequenceId, stepId, contactId });
  });
}
