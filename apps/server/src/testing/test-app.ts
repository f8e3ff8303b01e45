import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, type JobQueue } from '@prospector/core';
import type { Database } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import type { AppConfig } from '../config';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const appUrl = overrides.appUrl ?? 'http://localhost:3000';
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmpdir(), 'prospector-test-unused'),
    databaseUrl: undefined,
    appUrl: 'http://localhost:3000',
    appSecret: 'test-app-secret-test-app-secret-test',
    smtpUrl: undefined,
    mailFrom: 'Prospector <no-reply@localhost>',
    chatWidgetUrl: undefined,
    analyticsToken: undefined,
    analyticsApiHost: undefined,
    sandbox: true,
    // Users' own Apollo keys go to the sandbox Apollo too: tests never call Apollo.
    apollo: { apiBaseUrl: `${appUrl}/sandbox/apollo`, sandboxRequestsPerMinute: 6000 },
    runWorker: false,
    replyPollSeconds: 30,
    webhookAllowPrivateUrls: true,
    mailAllowPrivateHosts: true,
    trustProxy: false,
    dnsServers: [],
    dnsblZones: [],
    spamCheck: 'built-in',
    spamd: null,
    logLevel: 'silent',
    ...overrides,
  };
}

/** A queue that only records what was sent; tests run the jobs themselves. */
export function createRecordingQueue(): JobQueue & { jobs: { name: string; data: object }[] } {
  const jobs: { name: string; data: object }[] = [];
  return {
    jobs,
    send: async (name, data) => {
      jobs.push({ name, data });
      return String(jobs.length);
    },
  };
}

/** An empty folder: the app then serves its "run npm run build" page. */
export const noWebBuild = () => mkdtempSync(join(tmpdir(), 'prospector-no-web-'));

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createManualClock>;
  queue: ReturnType<typeof createRecordingQueue>;
  close(): Promise<void>;
}

/** buildApp over a fresh test database, a movable clock and a recording queue. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = overrides.database ?? (await createTestDatabase());
  const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
  const queue = createRecordingQueue();
  const app = await buildApp({
    database,
    config: testConfig(),
    queue,
    clock,
    webDistDir: noWebBuild(),
    ...overrides,
  });
  return {
    app,
    database,
    clock,
    queue,
    close: async () => {
      await app.close();
      if (!overrides.database) await database.close();
    },
  };
}

/** A random TEST-NET-style address, so each client has its own rate-limit bucket. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
