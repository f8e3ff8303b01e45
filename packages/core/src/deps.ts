import type { AppDb } from '@prospector/db';
import type { SpamCheckPool } from './checks/email/spam-check-pool';
import type { SpamCheckEngine } from './checks/email/spam-report';
import type { SpamdAddress } from './checks/email/spamassassin';
import type { Clock } from './clock';
import type { MxLookup } from './dns/mx-lookup';
import type { DnsResolver } from './dns/resolver';
import type { GoogleSettings } from './google/google-settings';
import type { ApolloSettings } from './leads/apollo-settings';
import type { MicrosoftSettings } from './microsoft/microsoft-settings';

/** What every use case needs: the database and the time. */
export interface CoreDeps {
  db: AppDb;
  clock: Clock;
  /**
   * APP_SECRET, the key for secrets at rest (OAuth tokens, API keys). Needed by the mailbox, mail path and
   * integration use cases; the server always sets it.
   */
  appSecret?: string;
  /** Google OAuth and Gmail API: live when configured, the sandbox otherwise, absent when neither. */
  google?: GoogleSettings;
  /** Microsoft identity platform and Graph: live when configured, the sandbox otherwise, absent when neither. */
  microsoft?: MicrosoftSettings;
  /** Apollo's API for users' own keys, and the sandbox Apollo when it is on. */
  apollo?: ApolloSettings;
  /** Webhook delivery: WEBHOOK_ALLOW_PRIVATE_URLS lets endpoints on loopback and private addresses receive. */
  webhooks?: { allowPrivateUrls: boolean };
  /**
   * SMTP/IMAP mailboxes: MAIL_ALLOW_PRIVATE_HOSTS lets their servers be on loopback and private addresses;
   * `ca` adds a trusted certificate authority (a test server's own).
   */
  mailServers?: { allowPrivateHosts: boolean; ca?: string };
  /**
   * Checks before launch: the MX lookups (DNS_SERVERS), which engine scores emails, the bounded pool the
   * scans run in, and where a running spamd is looked for (SPAMD_ADDRESS; null: never).
   */
  checks?: {
    mxLookup?: MxLookup;
    spamEngine?: SpamCheckEngine;
    spamPool?: SpamCheckPool;
    spamd?: SpamdAddress | null;
  };
  /**
   * Sender-health checks: the app's resolver (DNS_SERVERS, shared with the other lookups and their cache)
   * and the DNS blocklists to ask (DNSBL_ZONES; empty: none).
   */
  senderHealth?: { dns: DnsResolver; dnsblZones: string[] };
}

/** The part of a job queue (pg-boss) that use cases enqueue through. */
export interface JobQueue {
  send(name: string, data: object): Promise<string | null>;
}
