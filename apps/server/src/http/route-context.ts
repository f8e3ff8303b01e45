import type { CoreDeps, DnsResolver, JobQueue, MailboxHealthDeps, VerifiedHostCache } from '@prospector/core';
import type { Database } from '@prospector/db';
import type { SandboxMicrosoft } from '@prospector/sandbox';
import type { AppConfig } from '../config';
import type { RateLimitSettings } from '../plugins/rate-limit';

/** What route modules are given: core's dependencies plus the few HTTP-level settings they need. */
export interface RouteContext {
  core: CoreDeps;
  database: Database;
  queue: JobQueue;
  config: AppConfig;
  /** The app's one DNS resolver (DNS_SERVERS), with its cache. */
  dns: DnsResolver;
  /** Sender-health checks of mailboxes: the checks on that resolver, bounded by the process's gate. */
  senderHealth: MailboxHealthDeps;
  /** Which Host names are verified tracking domains, kept a minute; cleared when one changes here. */
  trackingHosts: VerifiedHostCache;
  /** Cookies get the Secure attribute when APP_URL is https. */
  secureCookies: boolean;
  rateLimit: RateLimitSettings;
  /** Requests per key and window on /api/v1; the documented default unless a test sets its own. */
  apiRateLimit?: RateLimitSettings;
  /** Requests without a valid API key per client address and window; the documented default unless set. */
  apiAuthFailureLimit?: RateLimitSettings;
  /** The sandbox Microsoft, when Microsoft mailboxes connect through it. */
  sandboxMicrosoft?: SandboxMicrosoft;
}
