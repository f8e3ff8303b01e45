import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';

const PING_TIMEOUT_MS = 3000;

export async function healthRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    try {
      await withTimeout(ctx.database.executeSql('SELECT 1'), PING_TIMEOUT_MS);
      return { status: 'ok', database: 'up' };
    } catch (error) {
      request.log.warn({ err: error }, 'Health check: database unreachable');
      return reply
        .status(503)
        .send({ status: 'error', database: 'down', message: 'Database is unreachable' });
    }
  });

  app.get('/api/public-config', async () => ({
    chatWidgetUrl: ctx.config.chatWidgetUrl ?? null,
    analyticsToken: ctx.config.analyticsToken ?? null,
    analyticsApiHost: ctx.config.analyticsApiHost ?? null,
    sandbox: ctx.config.sandbox,
  }));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
