import { contactSettingsSchema } from '@prospector/contracts';
import { getContactSettings, saveContactSettings } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Per-user settings; today the Contacts tab's maximum consecutive unopened emails. */
export async function settingsRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/settings/contacts', auth, async (request) =>
    getContactSettings(ctx.core, signedIn(request).workspaceId),
  );
  app.put('/api/settings/contacts', auth, async (request) =>
    saveContactSettings(
      ctx.core,
      signedIn(request).workspaceId,
      parseBody(contactSettingsSchema, request.body),
    ),
  );
}
