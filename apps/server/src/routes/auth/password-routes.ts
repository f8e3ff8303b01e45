import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '@prospector/contracts';
import { changePassword, requestPasswordReset, resetPassword } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { perUserRateLimit, rateLimitedRoute } from '../../plugins/rate-limit';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Forgot, reset and change password. */
export async function passwordRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const perAddress = rateLimitedRoute(ctx.rateLimit);
  const perUser = perUserRateLimit(ctx.database, ctx.core.clock, 'change-password', ctx.rateLimit);

  app.post('/api/auth/forgot-password', perAddress, async (request) => {
    const input = parseBody(forgotPasswordSchema, request.body);
    return requestPasswordReset({ queue: ctx.queue }, input);
  });

  app.post('/api/auth/reset-password', perAddress, async (request) => {
    const input = parseBody(resetPasswordSchema, request.body);
    await resetPassword(ctx.core, input);
    return { message: 'Password has been reset successfully' };
  });

  app.post(
    '/api/auth/change-password',
    { ...perAddress, preHandler: [requireSession(ctx.core), perUser] },
    async (request) => {
      const input = parseBody(changePasswordSchema, request.body);
      await changePassword(ctx.core, signedIn(request), input);
      return { message: 'Password changed successfully' };
    },
  );
}
