import cookie from '@fastify/cookie';
import {
  type CheckSender,
  type Clock,
  type CoreDeps,
  createMxLookup,
  createResolver,
  createSenderHealthGate,
  createSpamCheckPool,
  createVerifiedHostCache,
  type DnsResolver,
  type GoogleSettings,
  isVerifiedTrackingHost,
  type JobQueue,
  type MicrosoftSettings,
  type SpamCheckPool,
  systemClock,
} from '@prospector/core';
import type { Database } from '@prospector/db';
import type { SandboxApollo, SandboxMicrosoft } from '@prospector/sandbox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import { frameworkErrors, registerErrorHandler } from './http/error-handler';
import { BODY_LIMIT_BYTES, REQUEST_DEADLINE_MS, SERVER_TIMEOUTS } from './http/error-status';
import { requestLogController } from './http/request-log';
import type { RouteContext } from './http/route-context';
import { registerCsrfGuard } from './plugins/csrf-guard';
import { registerJsonBody } from './plugins/json-body';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings, registerRateLimit } from './plugins/rate-limit';
import { registerRequestDeadline } from './plugins/request-deadline';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { registerRoutes } from './routes';
import { apolloSettings, appSandboxApollo } from './routes/leads/apollo-settings';
import { googleSettings } from './routes/mailboxes/google-settings';
import { appSandboxMicrosoft, microsoftSettings } from './routes/mailboxes/microsoft-settings';
import { sandboxApolloRoutes } from './routes/sandbox/sandbox-apollo-routes';
import { sandboxMicrosoftRoutes } from './routes/sandbox/sandbox-microsoft-routes';
import { trackingFirstServer } from './routes/tracking/tracking-first-server';
import { registerTrackingHostGuard } from './routes/tracking-domains/tracking-host-guard';
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
  /** Requests without a valid API key per client address and window (tests that walk every route raise it). */
  apiAuthFailureLimit?: RateLimitSettings;
  /** The built SPA; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Google endpoints and client; defaults to what the config implies (live, sandbox or none). */
  google?: GoogleSettings;
  /** Microsoft endpoints and application, and the sandbox Microsoft; default to what the config implies. */
  microsoft?: MicrosoftSettings;
  sandboxMicrosoft?: SandboxMicrosoft;
  /** Tests: a sandbox Apollo of their own (e.g. with a low rate limit) and a sleep that moves their clock. */
  apollo?: { sandbox?: SandboxApollo; sleep?: (ms: number) => Promise<void> };
  /** Tests: the certificate authority of their own mail server. */
  mailServerCa?: string;
  /** The DNS resolver of tracking domains and the list check; defaults to one on DNS_SERVERS. */
  dns?: DnsResolver;
  /** The email check's bounded pool; defaults to one for this process (tests give a smaller one). */
  spamPool?: SpamCheckPool;
  /** The checks of a mailbox's domain; defaults to the app's on its resolver (tests give their own). */
  checkSender?: CheckSender;
  /** Tests: told of every route as it is registered (e.g. to walk them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** The HTTP app, without listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? false,
    logController: requestLogController,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors,
    ...SERVER_TIMEOUTS,
    // The pixel and the click redirect are served before Fastify once their routes are registered.
    serverFactory: trackingFirstServer(() => app.trackingFastPath),
  });
  const clock = deps.clock ?? systemClock;
  const dns = deps.dns ?? createResolver({ servers: config.dnsServers, clock });
  const sandboxApollo = deps.apollo?.sandbox ?? appSandboxApollo(config, clock);
  const microsoft = deps.microsoft ?? microsoftSettings(config);
  const sandboxMicrosoft = deps.sandboxMicrosoft ?? appSandboxMicrosoft(config, microsoft, clock);
  const core: CoreDeps = {
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    appSecret: config.appSecret,
    google: deps.google ?? googleSettings(config),
    microsoft,
    apollo: { ...apolloSettings(config, sandboxApollo), sleep: deps.apollo?.sleep },
    webhooks: { allowPrivateUrls: config.webhookAllowPrivateUrls },
    mailServers: { allowPrivateHosts: config.mailAllowPrivateHosts, ca: deps.mailServerCa },
    checks: {
      mxLookup: createMxLookup(dns, { clock }),
      spamEngine: config.spamCheck,
      spamPool: deps.spamPool ?? createSpamCheckPool(),
      spamd: config.spamd,
    },
    senderHealth: { dns, dnsblZones: config.dnsblZones },
  };
  const ctx: RouteContext = {
    core,
    senderHealth: {
      ...core,
      checkSender: deps.checkSender,
      appUrl: config.appUrl,
      gate: createSenderHealthGate(),
    },
    database: deps.database,
    queue: deps.queue,
    config,
    dns,
    trackingHosts: createVerifiedHostCache((host) => isVerifiedTrackingHost(deps.database.db, host), clock),
    secureCookies: config.appUrl.startsWith('https:'),
    rateLimit: deps.rateLimit ?? DEFAULT_RATE_LIMIT,
    apiRateLimit: deps.apiRateLimit,
    apiAuthFailureLimit: deps.apiAuthFailureLimit,
    sandboxMicrosoft,
  };

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorateRequest('identity', null);
  registerRequestDeadline(app, REQUEST_DEADLINE_MS);
  // Fastify's own error answers are replaced: every failure is `{ message, code }`, never a stack.
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerTrackingHostGuard(app, ctx);
  registerCsrfGuard(app, config.appUrl);
  registerJsonBody(app);
  await app.register(cookie);
  await registerRateLimit(app, deps.database, ctx.core.clock);

  await registerRoutes(app, ctx);
  if (sandboxApollo) await app.register(sandboxApolloRoutes, { sandbox: sandboxApollo });
  if (sandboxMicrosoft) await app.register(sandboxMicrosoftRoutes, { ctx, sandbox: sandboxMicrosoft });
  await registerStaticWeb(app, deps.webDistDir ?? defaultWebDistDir());
  return app;
}
