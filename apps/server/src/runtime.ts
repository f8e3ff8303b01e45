import { join } from 'node:path';
import { createResolver, createSenderHealthGate, createSystemMailer, systemClock } from '@prospector/core';
import { createDatabase, type Database, migrateDatabase, type PgBoss } from '@prospector/db';
import { startAssistantAutoSend } from './assistant-worker';
import type { AppConfig } from './config';
import { secureDataDir } from './data-dir';
import { startInboxWatch } from './inbox-watch-worker';
import {
  startLeadImportWorker,
  startQueue,
  startReplyPoller,
  startSenderHealthChecks,
  startSendingEngine,
  startSystemEmailWorker,
  startTrackingDomainRecheck,
  startWorkflowScheduler,
} from './jobs';
import { startListRemoval } from './list-removal-worker';
import type { Log } from './log';
import { apolloSettings, appSandboxApollo } from './routes/leads/apollo-settings';
import { googleSettings } from './routes/mailboxes/google-settings';
import { microsoftSettings } from './routes/mailboxes/microsoft-settings';
import { aiWriterFor } from './routes/templates/template-ai-writer';
import { startWebhookDelivery } from './webhook-worker';
import { startWorkspaceRemoval } from './workspace-removal-worker';

export interface Runtime {
  database: Database;
  boss: PgBoss;
  /** Starts working `system-email` jobs in this process. */
  startWorker(): Promise<void>;
  stop(): Promise<void>;
}

/** Opens the database (PGlite in DATA_DIR/pglite, or DATABASE_URL), migrates it and starts the queue. */
export async function startRuntime(
  config: AppConfig,
  log: Log,
  options: { maintenance: boolean },
): Promise<Runtime> {
  secureDataDir(config.dataDir);
  const database = await createDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') },
  );
  await migrateDatabase(database);
  secureDataDir(config.dataDir);
  const boss = await startQueue(database, log, options);
  const mailer = createSystemMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    // A plain line, not JSON, so a person (and the browser tests) can read the link as is.
    writeLine: (line) => process.stdout.write(`${line}\n`),
  });
  let stopInboxWatch: (() => Promise<void>) | null = null;
  // One resolver (DNS_SERVERS) and its cache for the worker's lookups: tracking domains, sender health.
  const dns = createResolver({ servers: config.dnsServers, clock: systemClock });
  const workerDeps = {
    db: database.db,
    clock: systemClock,
    mailer,
    appUrl: config.appUrl,
    // What the mail path (sendEmail) needs in a worker: the key for tokens at rest and each provider's
    // endpoints (Google's, Microsoft's; SMTP mailboxes carry their own servers).
    appSecret: config.appSecret,
    google: googleSettings(config),
    microsoft: microsoftSettings(config),
    // Lead imports and workflows search Apollo: users' keys, or this process's own sandbox Apollo.
    apollo: apolloSettings(config, appSandboxApollo(config, systemClock)),
    mailServers: { allowPrivateHosts: config.mailAllowPrivateHosts },
    senderHealth: { dns, dnsblZones: config.dnsblZones },
  };
  return {
    database,
    boss,
    startWorker: async () => {
      await startSystemEmailWorker(boss, workerDeps, log);
      await startWorkflowScheduler(boss, workerDeps, log);
      await startLeadImportWorker(boss, workerDeps, log);
      await startSendingEngine(boss, { ...workerDeps, queue: boss }, log);
      // The Inbox's classifier asks the AI writer about replies no rule settles.
      const pollerDeps = { ...workerDeps, queue: boss, aiWriter: aiWriterFor(config) };
      await startReplyPoller(boss, pollerDeps, log, config.replyPollSeconds);
      stopInboxWatch = (await startInboxWatch(boss, pollerDeps, log)).stop;
      await startAssistantAutoSend(boss, workerDeps, log);
      await startTrackingDomainRecheck(boss, { ...workerDeps, dns }, log);
      await startSenderHealthChecks(boss, { ...workerDeps, gate: createSenderHealthGate() }, log);
      await startListRemoval(boss, workerDeps, log);
      await startWorkspaceRemoval(boss, workerDeps, log);
      await startWebhookDelivery(
        boss,
        { ...workerDeps, webhooks: { allowPrivateUrls: config.webhookAllowPrivateUrls } },
        log,
      );
    },
    stop: async () => {
      // IDLE connections close first: they read the database while they follow the mailboxes.
      await stopInboxWatch?.();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await database.close();
    },
  };
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits; a second signal exits at once. */
export function onShutdown(log: Log, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal} received, shutting down`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handle);
  process.once('SIGTERM', handle);
}
