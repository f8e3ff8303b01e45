import { createServer } from 'node:net';
import {
  type CheckSender,
  type CoreDeps,
  createManualClock,
  type DnsResolver,
  type GoogleSettings,
  keepAliveFetch,
  type MicrosoftSettings,
  type SpamCheckPool,
} from '@prospector/core';
import { type Database, gmailAccounts } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { googleSettings } from '../routes/mailboxes/google-settings';
import { appSandboxMicrosoft, microsoftSettings } from '../routes/mailboxes/microsoft-settings';
import { appSandboxGoogle } from '../routes/sandbox/sandbox-routes';
import { createRecordingQueue, noWebBuild, testConfig } from './test-app';
import { uniqueEmail } from './test-client';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The app listening on a real port with the sandbox Google, so the live Google client code talks HTTP to
 * it exactly as it would to Google. Retries are fast so failure tests do not wait.
 */
export async function startMailboxApp(
  options: {
    dnsServers?: string[];
    dns?: DnsResolver;
    config?: Partial<AppConfig>;
    /** Certificates of test mail servers (SMTP/IMAP mailboxes) to trust. */
    mailServerCa?: string;
    /** The email check's pool (a test of its bounds gives one with a scorer it holds). */
    spamPool?: SpamCheckPool;
    /** The checks of a mailbox's domain (sender health), when a test gives its own. */
    checkSender?: CheckSender;
  } = {},
) {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const database: Database = await createTestDatabase();
  const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
  const config = testConfig({ appUrl, port, dnsServers: options.dnsServers ?? [], ...options.config });
  // Gmail calls whose path matches are answered 503 before reaching the sandbox (see `failGmailCalls`).
  let failing: RegExp | undefined;
  const google: GoogleSettings = {
    ...googleSettings(config)!,
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    fetch: (input, init) => {
      const url = new URL(input);
      if (failing?.test(url.pathname)) {
        const body = {
          error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
        };
        return Promise.resolve(Response.json(body, { status: 503 }));
      }
      return keepAliveFetch(input, init);
    },
  };
  // The sandbox Microsoft beside the sandbox Google; Graph's throttling waits move the clock, recorded.
  const graphWaits: number[] = [];
  const microsoft: MicrosoftSettings = {
    ...(microsoftSettings(config) as MicrosoftSettings),
    sleep: async (ms) => {
      graphWaits.push(ms);
      clock.advance(ms);
    },
  };
  const sandboxMicrosoft = appSandboxMicrosoft(config, microsoft, clock);
  if (!sandboxMicrosoft) throw new Error('The sandbox Microsoft is off');
  const mailServers = { allowPrivateHosts: true, ca: options.mailServerCa };
  const queue = createRecordingQueue();
  const app: FastifyInstance = await buildApp({
    database,
    config,
    queue,
    clock,
    webDistDir: noWebBuild(),
    google,
    microsoft,
    sandboxMicrosoft,
    mailServerCa: options.mailServerCa,
    dns: options.dns,
    spamPool: options.spamPool,
    checkSender: options.checkSender,
    // Suites sign up many users within one minute of the manual clock; the sign-up limit has its own tests.
    rateLimit: { max: 1_000, windowMs: 60_000 },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const core: CoreDeps = {
    db: database.db,
    clock,
    appSecret: config.appSecret,
    google,
    microsoft,
    mailServers,
  };
  const sandbox = appSandboxGoogle({ core, database, config });
  return {
    app,
    appUrl,
    database,
    clock,
    core,
    sandbox,
    sandboxMicrosoft,
    graphWaits,
    /** The jobs requests asked for (pg-boss is not running in these tests). */
    queue,
    browser: () => createBrowser(appUrl),
    /** Makes every Gmail API call whose path matches fail with a 503 (undefined: none), whatever mailbox. */
    failGmailCalls: (paths: RegExp | undefined) => {
      failing = paths;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
export type MailboxApp = Awaited<ReturnType<typeof startMailboxApp>>;

/** A cookie-keeping HTTP client over fetch that does not follow redirects (each hop is checked). */
export function createBrowser(appUrl: string) {
  let cookie = '';
  async function request(
    method: string,
    url: string,
    body?: unknown,
    form?: Record<string, string>,
    csv?: string,
  ) {
    const headers: Record<string, string> = { origin: appUrl };
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (csv !== undefined) {
      headers['content-type'] = 'text/csv';
      payload = csv;
    } else if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(url, appUrl), {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    const set = response.headers.getSetCookie().find((c) => c.startsWith('prospector_sid='));
    if (set) cookie = set.split(';')[0] ?? '';
    const text = await response.text();
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      headers: response.headers,
      text,
      json: <T = unknown>() => JSON.parse(text) as T,
    };
  }
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body?: unknown) => request('POST', url, body ?? {}),
    put: (url: string, body: unknown) => request('PUT', url, body),
    patch: (url: string, body: unknown) => request('PATCH', url, body),
    delete: (url: string) => request('DELETE', url),
    form: (url: string, form: Record<string, string>) => request('POST', url, undefined, form),
    /** A CSV file posted as the streamed import receives it. */
    csv: (url: string, text: string) => request('POST', url, undefined, undefined, text),
    async signUp() {
      const email = uniqueEmail();
      const response = await request('POST', '/api/auth/register', {
        email,
        password: 'first-password-1',
        fullName: 'Mailbox Tester',
      });
      if (response.status !== 201) throw new Error(`register: ${response.status} ${response.text}`);
      return response.json<{ id: string; email: string }>();
    },
  };
}
export type Browser = ReturnType<typeof createBrowser>;

/**
 * What a browser submits from the sandbox consent page: its hidden OAuth fields and its ticked scope boxes,
 * less the boxes named in `untick`.
 */
export function consentFields(html: string, untick: string[] = []): Record<string, string> {
  const fields: Record<string, string> = {};
  const decode = (value: string) => value.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
  for (const match of html.matchAll(
    /<input type="(?:hidden|checkbox)" name="([^"]+)" value="([^"]*)"( checked)?>/g,
  )) {
    const name = decode(match[1] ?? '');
    const checkbox = match[0].includes('type="checkbox"');
    if (checkbox && (!match[3] || untick.some((scope) => name.endsWith(scope)))) continue;
    fields[name] = decode(match[2] ?? '');
  }
  return fields;
}

/**
 * The whole consent round trip as a browser makes it: start, consent page, pick an identity, the callback.
 * Returns where the app finally sends the browser.
 */
export async function connectMailbox(browser: Browser, email: string, start = '/api/gmail/connect') {
  const { authUrl } = (await browser.get(start)).json<{ authUrl: string }>();
  const consent = await browser.get(authUrl);
  if (consent.status !== 200) throw new Error(`consent page: ${consent.status} ${consent.text}`);
  const approved = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
    ...consentFields(consent.text),
    email,
  });
  if (approved.status !== 302 || !approved.location)
    throw new Error(`approve: ${approved.status} ${approved.text}`);
  const callback = await browser.get(approved.location);
  return { authUrl, callback: approved.location, redirectTo: callback.location, status: callback.status };
}

/**
 * The sandbox's key for the connected mailbox with this address (a sandbox mailbox is its owner's); tests
 * give each user addresses of their own, so one owner is expected.
 */
export async function sandboxKeyOf(env: { database: Database }, email: string): Promise<string> {
  const owners = await env.database.db
    .selectDistinct({ workspaceId: gmailAccounts.workspaceId })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.email, email));
  if (owners.length !== 1) throw new Error(`${email} is connected by ${owners.length} users`);
  return sandboxMailboxKey(owners[0]!.workspaceId, email);
}
