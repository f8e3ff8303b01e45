import { assistantSettingsSchema, sequenceNoteSchema } from '@prospector/contracts';
import {
  getAssistantSettings,
  getSequenceNote,
  SEQUENCE_NOT_FOUND,
  saveAssistantSettings,
  saveSequenceNote,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** What the Inbox's answer writer knows and may do: the user's settings and each sequence's note. */
export async function assistantSettingsRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/settings/assistant', auth, async (request) =>
    getAssistantSettings(ctx.core.db, signedIn(request).workspaceId),
  );
  app.put('/api/settings/assistant', auth, async (request) =>
    saveAssistantSettings(
      ctx.core,
      signedIn(request).workspaceId,
      parseBody(assistantSettingsSchema, request.body),
    ),
  );

  app.get('/api/sequences/:id/assistant-note', auth, async (request) =>
    getSequenceNote(ctx.core.db, signedIn(request).workspaceId, pathId(request, 'id', SEQUENCE_NOT_FOUND)),
  );
  app.put('/api/sequences/:id/assistant-note', auth, async (request) => {
    const id = pathId(request, 'id', SEQUENCE_NOT_FOUND);
    const { note } = parseBody(sequenceNoteSchema, request.body);
    return saveSequenceNote(ctx.core, signedIn(request).workspaceId, id, note);
  });
}
