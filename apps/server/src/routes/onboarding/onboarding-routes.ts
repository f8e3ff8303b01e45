import { dismissOnboarding, getOnboarding } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** The "Get started" checklist: its steps ticked from the user's data, and its dismissal. */
export async function onboardingRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/onboarding', auth, async (request) => getOnboarding(ctx.core, signedIn(request).workspaceId));
  app.post('/api/onboarding/dismiss', auth, async (request) =>
    dismissOnboarding(ctx.core, signedIn(request).workspaceId),
  );
}
