import cookie from '@fastify/cookie';
import { type Clock, type GoogleSettings, type JobQueue, systemClock } from '@prospector/core';
import type { Database } from '@prospector/db';
import type { SandboxApollo } from '@prospector/sandbox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import { frameworkErrors, registerErrorHandler } from './http/error-handler';
import { BODY_LIMIT_BYTES, SERVER_TIMEOUTS } from './http/error-status';
import { registerCsrfGuard } from './plugins/csrf-guard';
import { registerJsonBody } from './plugins/json-body';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings, registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { variantRoutes } from './routes/ab-tests/variant-routes';
import { analyticsRoutes } from './routes/analytics-routes';
import { apolloRoutes } from './routes/apollo-routes';
import { apolloSettings, appSandboxApollo } from './routes/apollo-settings';
import { contactRoutes } from './routes/contact-routes';
import { emailSendRoutes } from './routes/email-send-routes';
import { engineRoutes } from './routes/engine-routes';
import { gmailRoutes } from './routes/gmail-routes';
import { googleRoutes } from './routes/google-routes';
import { googleSettings } from './routes/google-settings';
import { healthRoutes } from './routes/health-routes';
import { inboundRoutes } from './routes/inbound/inbound-routes';
import { inboxRoutes } from './routes/inbox/inbox-routes';
import { integrationRoutes } from './routes/integration-routes';
import { mailboxRecoveryRoutes } from './routes/mailbox-recovery/mailbox-recovery-routes';
import { passwordRoutes } from './routes/password-routes';
import { personaRoutes } from './routes/persona-routes';
import { apiKeyRoutes } from './routes/public-api/api-key-routes';
import { v1Api } from './routes/public-api/v1-api';
import { webhookRoutes } from './routes/public-api/webhook-routes';
import { replyRoutes } from './routes/reply-routes';
import type { RouteContext } from './routes/route-context';
import { sandboxApolloRoutes } from './routes/sandbox-apollo-routes';
import { sandboxRoutes } from './routes/sandbox-routes';
import { sequenceRoutes } from './routes/sequence-routes';
import { sessionRoutes } from './routes/session-routes';
import { settingsRoutes } from './routes/settings-routes';
import { stepRoutes } from './routes/step-routes';
import { templateRoutes } from './routes/template-routes';
import { trackingRoutes } from './routes/tracking-routes';
import { workflowRoutes } from './routes/workflow-routes';
import { defaultWebDistDir } from './web-dist';

export interface AppDeps {
  database: Database;
  config: AppConfig;
  /** Where forgot-password enqueues its `system-email` job (pg-boss in production). */
  queue: JobQueue;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  rateLimit?: RateLimitSettings;
  /** Requests per API key and window on /api/v1 (tests lower it). */
  apiRateLimit?: RateLimitSettings;
  /** The built SPA; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Google endpoints and client; defaults to what the config implies (live, sandbox or none). */
  google?: GoogleSettings;
  /** Tests: a sandbox Apollo of their own (e.g. with a low rate limit) and a sleep that moves their clock. */
  apollo?: { sandbox?: SandboxApollo; sleep?: (ms: number) => Promise<void> };
}

/** The HTTP app, without listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors,
    ...SERVER_TIMEOUTS,
  });
  const clock = deps.clock ?? systemClock;
  const sandboxApollo = deps.apollo?.sandbox ?? appSandboxApollo(config, clock);
  const ctx: RouteContext = {
    core: {
      db: deps.database.db,
      clock: deps.clock ?? systemClock,
      appSecret: config.appSecret,
      google: deps.google ?? googleSettings(config),
      apollo: { ...apolloSettings(config, sandboxApollo), sleep: deps.apollo?.sleep },
      webhooks: { allowPrivateUrls: config.webhookAllowPrivateUrls },
    },
    database: deps.database,
    queue: deps.queue,
    config,
    secureCookies: config.appUrl.startsWith('https:'),
    rateLimit: deps.rateLimit ?? DEFAULT_RATE_LIMIT,
    apiRateLimit: deps.apiRateLimit,
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
  await app.register(stepRoutes, ctx);
  await app.register(variantRoutes, ctx);
  await app.register(engineRoutes, ctx);
  await app.register(mailboxRecoveryRoutes, ctx);
  await app.register(inboundRoutes, ctx);
  await app.register(inboxRoutes, ctx);
  await app.register(templateRoutes, ctx);
  await app.register(emailSendRoutes, ctx);
  await app.register(gmailRoutes, ctx);
  await app.register(googleRoutes, ctx);
  await app.register(integrationRoutes, ctx);
  await app.register(settingsRoutes, ctx);
  await app.register(sandboxRoutes, ctx);
  await app.register(workflowRoutes, ctx);
  await app.register(analyticsRoutes, ctx);
  await app.register(apolloRoutes, ctx);
  await app.register(trackingRoutes, ctx);
  await app.register(replyRoutes, ctx);
  await app.register(apiKeyRoutes, ctx);
  await app.register(webhookRoutes, ctx);
  await v1Api(app, ctx);
  if (sandboxApollo) await app.register(sandboxApolloRoutes, { sandbox: sandboxApollo });
  await registerStaticWeb(app, deps.webDistDir ?? defaultWebDistDir());
  return app;
}
