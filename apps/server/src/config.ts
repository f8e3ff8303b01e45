import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { isDnsblZone, LIVE_APOLLO_BASE_URL, parseSpamdAddress, type SpamdAddress } from '@prospector/core';
import { z } from 'zod';

/** Empty strings count as unset, so `FOO=` in a .env file falls back to the default. */
const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: unknown) =>
  z.preprocess((v) => (blank(v) ? fallback : v), schema);

const url = (name: string) =>
  z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
    message: `${name} must be an http(s) URL`,
  });

const flag = (fallback: boolean) =>
  withDefault(
    z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { message: 'must be true or false' }),
    String(fallback),
  ).transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/** The model asked when AI_BASE_URL or AI_API_KEY is set without AI_MODEL. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
/** The OpenAI API, for an AI_API_KEY given without AI_BASE_URL. */
export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what node:dns's setServers takes. */
function isNameServer(value: string): boolean {
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(value);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6 && Number(bracketed[2] ?? 53) <= 65_535;
  if (isIP(value) === 6) return true;
  const [host, port, ...rest] = value.split(':');
  return (
    rest.length === 0 &&
    isIP(host ?? '') === 4 &&
    (port === undefined || (/^\d{1,5}$/.test(port) && Number(port) <= 65_535))
  );
}

/** Every environment variable the server reads. Nothing else in the code base reads process.env. */
const envSchema = z.object({
  PORT: withDefault(z.coerce.number().int().min(0).max(65_535), 3000),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL'),
  ),
  APP_URL: optional(url('APP_URL')),
  APP_SECRET: optional(z.string().min(32, 'APP_SECRET must be at least 32 characters')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')),
  MAIL_FROM: withDefault(z.string(), 'Prospector <no-reply@localhost>'),
  CHAT_WIDGET_URL: optional(url('CHAT_WIDGET_URL')),
  ANALYTICS_TOKEN: optional(z.string()),
  ANALYTICS_API_HOST: optional(url('ANALYTICS_API_HOST')),
  SANDBOX: withDefault(z.enum(['on', 'off'], { message: 'SANDBOX must be on or off' }), 'on'),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_AUTH_URL: optional(url('GOOGLE_AUTH_URL')),
  GOOGLE_TOKEN_URL: optional(url('GOOGLE_TOKEN_URL')),
  GMAIL_API_BASE_URL: optional(url('GMAIL_API_BASE_URL')),
  MICROSOFT_CLIENT_ID: optional(z.string()),
  MICROSOFT_CLIENT_SECRET: optional(z.string()),
  MICROSOFT_TENANT: withDefault(
    z.string().regex(/^[\w.-]+$/, 'MICROSOFT_TENANT must be common, organizations, consumers or a tenant id'),
    'common',
  ),
  APOLLO_API_BASE_URL: optional(url('APOLLO_API_BASE_URL')),
  SANDBOX_APOLLO_REQUESTS_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), 6000),
  SANDBOX_APOLLO_REQUESTS_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000_000), 100_000),
  SANDBOX_APOLLO_REQUESTS_PER_DAY: withDefault(z.coerce.number().int().min(1).max(1_000_000_000), 1_000_000),
  SANDBOX_APOLLO_CREDITS_PER_KEY: withDefault(z.coerce.number().int().min(0).max(1_000_000_000), 1_000_000),
  AI_BASE_URL: optional(url('AI_BASE_URL')),
  AI_API_KEY: optional(z.string()),
  AI_MODEL: withDefault(z.string(), DEFAULT_AI_MODEL),
  RUN_WORKER: flag(true),
  REPLY_POLL_SECONDS: withDefault(z.coerce.number().int().min(5).max(3600), 30),
  WEBHOOK_ALLOW_PRIVATE_URLS: flag(false),
  MAIL_ALLOW_PRIVATE_HOSTS: flag(false),
  TRUST_PROXY: flag(false),
  DNS_SERVERS: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((server) => server.trim())
          .filter(Boolean),
      )
      .refine((servers) => servers.every(isNameServer), {
        message: 'DNS_SERVERS must be a comma-separated list of IP addresses, each with an optional :port',
      }),
  ),
  DNSBL_ZONES: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((zone) => zone.trim())
          .filter(Boolean),
      )
      .refine((zones) => zones.every(isDnsblZone), {
        message:
          'DNSBL_ZONES must be a comma-separated list of DNS zones, each optionally prefixed ip: (address lists, the default) or domain: (domain lists)',
      }),
  ),
  SPAM_CHECK: withDefault(
    z.enum(['auto', 'built-in'], { message: 'SPAM_CHECK must be auto or built-in' }),
    'auto',
  ),
  SPAMD_ADDRESS: withDefault(
    z.string().refine((v) => v === 'off' || parseSpamdAddress(v) !== null, {
      message: 'SPAMD_ADDRESS must be host:port, or off',
    }),
    '127.0.0.1:783',
  ),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  chatWidgetUrl: string | undefined;
  analyticsToken: string | undefined;
  analyticsApiHost: string | undefined;
  sandbox: boolean;
  /**
   * The Google OAuth client (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) and optional endpoint overrides.
   * Unset: the sandbox Google serves (SANDBOX=on) or mailboxes cannot be connected.
   */
  google?: {
    clientId: string;
    clientSecret: string;
    authUrl?: string;
    tokenUrl?: string;
    gmailApiBaseUrl?: string;
  };
  /**
   * The Microsoft application (MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET, MICROSOFT_TENANT, default
   * `common`). Unset: the sandbox Microsoft serves (SANDBOX=on) or Microsoft mailboxes cannot be connected.
   */
  microsoft?: { clientId: string; clientSecret: string; tenant: string };
  /**
   * The AI writer's OpenAI-compatible chat-completions API: set when AI_BASE_URL or AI_API_KEY is.
   * Unset: the sandbox writer (SANDBOX=on) or none. The key never leaves the server.
   */
  ai?: { baseUrl: string; apiKey: string | null; model: string };
  /**
   * Apollo: where users' own API keys are used (APOLLO_API_BASE_URL, Apollo's API by default), and how many
   * calls a minute, an hour and a day the sandbox Apollo answers before 429 (SANDBOX_APOLLO_REQUESTS_PER_*)
   * and how many reveals each sandbox key may pay for (SANDBOX_APOLLO_CREDITS_PER_KEY).
   */
  apollo: {
    apiBaseUrl: string;
    sandboxRequestsPerMinute: number;
    sandboxRequestsPerHour?: number;
    sandboxRequestsPerDay?: number;
    sandboxCreditsPerKey?: number;
  };
  runWorker: boolean;
  /** How often the worker polls connected mailboxes for replies, auto-replies and bounces (REPLY_POLL_SECONDS). */
  replyPollSeconds: number;
  /** Webhook endpoints on loopback and private addresses (and http://localhost) are allowed: development and tests. */
  webhookAllowPrivateUrls: boolean;
  /** SMTP/IMAP mailboxes on loopback and private addresses are allowed: a self-hosted mail server, tests. */
  mailAllowPrivateHosts: boolean;
  /** Honour X-Forwarded-For (behind a reverse proxy), so rate limits see the client's address. */
  trustProxy: boolean;
  /** The name servers for tracking domains' CNAMEs and the list check's MX lookups (DNS_SERVERS); empty: the system's. */
  dnsServers: string[];
  /**
   * The DNS blocklists sender-health checks ask (DNSBL_ZONES): `zone` or `ip:zone` lists addresses,
   * `domain:zone` lists domains; empty: no blocklist is checked.
   */
  dnsblZones: string[];
  /** The email check: SpamAssassin when installed ('auto') or the built-in checks only (SPAM_CHECK). */
  spamCheck: 'auto' | 'built-in';
  /** A running spamd the email check uses before starting a SpamAssassin process (SPAMD_ADDRESS); null: never. */
  spamd: SpamdAddress | null;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Parses the environment once, failing with one readable line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither',
    );
  }
  if (Boolean(e.MICROSOFT_CLIENT_ID) !== Boolean(e.MICROSOFT_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET: set both or neither',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    chatWidgetUrl: e.CHAT_WIDGET_URL,
    analyticsToken: e.ANALYTICS_TOKEN,
    analyticsApiHost: e.ANALYTICS_API_HOST,
    sandbox: e.SANDBOX === 'on',
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            gmailApiBaseUrl: e.GMAIL_API_BASE_URL,
          }
        : undefined,
    microsoft:
      e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
        ? {
            clientId: e.MICROSOFT_CLIENT_ID,
            clientSecret: e.MICROSOFT_CLIENT_SECRET,
            tenant: e.MICROSOFT_TENANT,
          }
        : undefined,
    ai:
      e.AI_BASE_URL || e.AI_API_KEY
        ? { baseUrl: e.AI_BASE_URL ?? DEFAULT_AI_BASE_URL, apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL }
        : undefined,
    apollo: {
      apiBaseUrl: (e.APOLLO_API_BASE_URL ?? LIVE_APOLLO_BASE_URL).replace(/\/+$/, ''),
      sandboxRequestsPerMinute: e.SANDBOX_APOLLO_REQUESTS_PER_MINUTE,
      sandboxRequestsPerHour: e.SANDBOX_APOLLO_REQUESTS_PER_HOUR,
      sandboxRequestsPerDay: e.SANDBOX_APOLLO_REQUESTS_PER_DAY,
      sandboxCreditsPerKey: e.SANDBOX_APOLLO_CREDITS_PER_KEY,
    },
    runWorker: e.RUN_WORKER,
    replyPollSeconds: e.REPLY_POLL_SECONDS,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
    mailAllowPrivateHosts: e.MAIL_ALLOW_PRIVATE_HOSTS,
    trustProxy: e.TRUST_PROXY,
    dnsServers: e.DNS_SERVERS ?? [],
    dnsblZones: e.DNSBL_ZONES ?? [],
    spamCheck: e.SPAM_CHECK,
    spamd: parseSpamdAddress(e.SPAMD_ADDRESS),
    logLevel: e.LOG_LEVEL,
  };
}

/** APP_SECRET when unset: generated once into DATA_DIR/app-secret (mode 0600) and reused after. */
export function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) throw new ConfigError(`${file} holds a secret shorter than 32 characters`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then that process's secret wins.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateSecret(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
