import cookie from '@fastify/cookie';
import { type Clock, type GoogleSettings, type JobQueue, systemClock } from '@prospector/core';
import type { Database } from '@prospector/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import { registerErrorHandler } from './http/error-handler';
import { BODY_LIMIT_BYTES } from './http/error-status';
import { registerCsrfGuard } from './plugins/csrf-guard';
import { registerJsonBody } from './plugins/json-body';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings, registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { contactRoutes } from './routes/contact-routes';
import { emailSendRoutes } from './routes/email-send-routes';
import { gmailRoutes } from './routes/gmail-routes';
import { googleRoutes } from './routes/google-routes';
import { googleSettings } from './routes/google-settings';
import { healthRoutes } from './routes/health-routes';
import { integrationRoutes } from './routes/integration-routes';
import { passwordRoutes } from './routes/password-routes';
import { personaRoutes } from './routes/persona-routes';
import type { RouteContext } from './routes/route-context';
import { sandboxRoutes } from './routes/sandbox-routes';
import { sequenceRoutes } from './routes/sequence-routes';
import { sessionRoutes } from './routes/session-routes';
import { settingsRoutes } from './routes/settings-routes';
import { templateRoutes } from './routes/template-routes';
import { defaultWebDistDir } from './web-dist';

export interface AppDeps {
  database: Database;
  config: AppConfig;
  /** Where forgot-password enqueues its `system-email` job (pg-boss in production). */
  queue: JobQueue;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  rateLimit?: RateLimitSettings;
  /** The built SPA; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Google endpoints and client; defaults to what the config implies (live, sandbox or none). */
  google?: GoogleSettings;
}

/** The HTTP app, without listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  });
  const ctx: RouteContext = {
    core: {
      db: deps.database.db,
      clock: deps.clock ?? systemClock,
      appSecret: config.appSecret,
      google: deps.google ?? googleSettings(config),
    },
    database: deps.database,
    queue: deps.queue,
    config,
    secureCookies: config.appUrl.startsWith('https:'),
    rateLimit: deps.rateLimit ?? DEFAULT_RATE_LIMIT,
  };

  app.decorateRequest('identity', null);
  // Fastify's own error answers are replaced: every failure is `{ message, code }`, never a stack.
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerCsrfGuard(app, config.appUrl);
  registerJsonBody(app);
  await app.register(cookie);
  await registerRateLimit(app, deps.database, ctx.core.clock);

  await app.register(healthRoutes, ctx);
  await app.register(sessionRoutes, ctx);
  await app.register(passwordRoutes, ctx);
  await app.register(personaRoutes, ctx);
  await app.register(contactRoutes, ctx);
  await app.register(sequenceRoutes, ctx);
  await app.register(templateRoutes, ctx);
  await app.register(emailSendRoutes, ctx);
  await app.register(gmailRoutes, ctx);
  await app.register(googleRoutes, ctx);
  await app.register(integrationRoutes, ctx);
  await app.register(settingsRoutes, ctx);
  await app.register(sandboxRoutes, ctx);
  await registerStaticWeb(app, deps.webDistDir ?? defaultWebDistDir());
  return app;
}
