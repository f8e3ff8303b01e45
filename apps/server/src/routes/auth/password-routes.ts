import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '@prospector/contracts';
import { changePassword, requestPasswordReset, resetPassword } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { rateLimitedRoute } from '../../plugins/rate-limit';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Forgot, reset and change password. */
export async function passwordRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.post('/api/auth/forgot-password', rateLimitedRoute(ctx.rateLimit), async (request) => {
    const input = parseBody(forgotPasswordSchema, request.body);
    return requestPasswordReset({ queue: ctx.queue }, input);
  });

  app.post('/api/auth/reset-password', async (request) => {
    const input = parseBody(resetPasswordSchema, request.body);
    await resetPassword(ctx.core, input);
    return { message: 'Password has been reset successfully' };
  });

  app.post('/api/auth/change-password', { preHandler: requireSession(ctx.core) }, async (request) => {
    const input = parseBody(changePasswordSchema, request.body);
    await changePassword(ctx.core, signedIn(request), input);
    return { message: 'Password changed successfully' };
  });
}
