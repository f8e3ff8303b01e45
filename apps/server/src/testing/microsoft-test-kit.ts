import {
  buildMessage,
  type CoreDeps,
  createManualClock,
  type MailboxSession,
  type MicrosoftSettings,
  microsoftProvider,
  newMessageId,
} from '@prospector/core';
import { type Database, gmailAccounts } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { appSandboxMicrosoft, microsoftSettings } from '../routes/mailboxes/microsoft-settings';
import { type Browser, createBrowser, freePort } from './gmail-test-kit';
import { createRecordingQueue, noWebBuild, testConfig } from './test-app';
import { startTlsFront } from './tls-test-kit';

/**
 * The app listening on a real port with the sandbox Microsoft, so the Graph and identity-platform client
 * code talks HTTP to it as it would to Microsoft. Throttling waits move the manual clock and are recorded.
 * With `tls`, the app is reached over HTTPS (its URL, the sandbox's authority and links), as Microsoft's
 * own libraries insist.
 */
export async function startMicrosoftApp(options: { database?: Database; tls?: boolean } = {}) {
  const port = await freePort();
  const front = options.tls ? await startTlsFront(port) : undefined;
  const appUrl = front?.url ?? `http://127.0.0.1:${port}`;
  const database = options.database ?? (await createTestDatabase());
  const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
  const config = testConfig({ appUrl, port });
  const waits: number[] = [];
  const microsoft: MicrosoftSettings = {
    ...(microsoftSettings(config) as MicrosoftSettings),
    sleep: async (ms) => {
      waits.push(ms);
      clock.advance(ms);
    },
  };
  const sandbox = appSandboxMicrosoft(config, microsoft, clock);
  if (!sandbox) throw new Error('The sandbox Microsoft is off');
  const app: FastifyInstance = await buildApp({
    database,
    config,
    queue: createRecordingQueue(),
    clock,
    webDistDir: noWebBuild(),
    microsoft,
    sandboxMicrosoft: sandbox,
    rateLimit: { max: 1_000, windowMs: 60_000 },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const core: CoreDeps = { db: database.db, clock, appSecret: config.appSecret, microsoft };

  async function mailbox(workspaceId: string, email: string) {
    const [row] = await database.db
      .select()
      .from(gmailAccounts)
      .where(and(eq(gmailAccounts.workspaceId, workspaceId), eq(gmailAccounts.email, email)));
    if (!row) throw new Error(`no mailbox ${email}`);
    return row;
  }

  return {
    app,
    appUrl,
    database,
    clock,
    core,
    sandbox,
    waits,
    browser: () => createBrowser(appUrl),
    mailbox,
    /** Runs `work` with the stored mailbox's Graph session, as the engine does. */
    async session<T>(workspaceId: string, email: string, work: (session: MailboxSession) => Promise<T>) {
      return microsoftProvider.withSession(core, await mailbox(workspaceId, email), work);
    },
    close: async () => {
      await app.close();
      await front?.close();
      if (!options.database) await database.close();
    },
  };
}
export type MicrosoftApp = Awaited<ReturnType<typeof startMicrosoftApp>>;

/**
 * The browser's round trip: /api/microsoft/connect, the sandbox consent page, Accept (with the scope boxes
 * less `untick`), the callback (after `beforeCallback`, when given). Answers the consent URL and where the
 * app sent the browser last.
 */
export async function connectMicrosoftMailbox(
  browser: Browser,
  email: string,
  untick: string[] = [],
  beforeCallback?: () => Promise<void>,
) {
  const { authUrl } = (await browser.get('/api/microsoft/connect')).json<{ authUrl: string }>();
  const page = await browser.get(authUrl);
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.text}`);
  const form: Record<string, string> = { login: email, decision: 'accept' };
  const decode = (value: string) => value.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
  for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[decode(match[1] ?? '')] = decode(match[2] ?? '');
  }
  for (const match of page.text.matchAll(/name="grant:([^"]+)" value="on" checked/g)) {
    if (match[1] && !untick.includes(match[1])) form[`grant:${match[1]}`] = 'on';
  }
  const action = page.text.match(/<form method="post" action="([^"]+)"/)?.[1] ?? '';
  const approved = await browser.form(action, form);
  const callback = approved.location ?? '';
  await beforeCallback?.();
  const done = await browser.get(callback);
  return { authUrl, callback, redirectTo: done.location };
}

/** A rendered outreach message as the mail path builds it (List-Unsubscribe, our Message-ID, threading). */
export async function outreachMessage(
  from: string,
  to: string,
  now: Date,
  options: { subject?: string; inReplyTo?: string; references?: string[]; threadId?: string } = {},
) {
  const messageId = newMessageId(from, now);
  const raw = await buildMessage({
    from: { name: 'Sender', address: from },
    to: { address: to },
    subject: options.subject ?? 'Quick question',
    text: 'Hello there',
    html: '<p>Hello there</p>',
    date: now,
    messageId,
    unsubscribeUrl: 'https://app.example.com/unsubscribe/abc',
    inReplyTo: options.inReplyTo,
    references: options.references,
  });
  return { raw, messageId, from, to, threadId: options.threadId ?? null };
}
