import { z } from 'zod';

/** GET /api/gmail/connect and GET /api/auth/google: where to send the browser for Google's consent. */
export interface AuthUrlResponse {
  authUrl: string;
}

export type GmailAccountStatusValue = 'connected' | 'disconnected' | 'error' | 'token_expired';

/** A send-as address of a mailbox (Gmail's settings/sendAs). */
export interface GmailAliasOption {
  sendAsEmail: string;
  displayName: string | null;
  verificationStatus: string;
  isPrimary: boolean;
  isDefault: boolean;
}

/** GET /api/gmail/accounts: one connected mailbox. Tokens never leave the server. */
export interface GmailAccount {
  id: string;
  googleUserId: string;
  email: string;
  displayName: string | null;
  scopes: string[];
  status: GmailAccountStatusValue;
  accountKind: 'workspace' | 'consumer';
  /** Connected through the built-in sandbox Google: no real mail is sent. */
  sandbox: boolean;
  isDefault: boolean;
  lastUsedAt: string | null;
  createdAt: string;
  aliasOptions: GmailAliasOption[];
}

/** GET /api/gmail/quota: sends in the last 24 hours against the mailbox's daily limit. */
export interface GmailQuota {
  accountId: string;
  email: string;
  current: number;
  limit: number;
  remaining: number;
  /** Days since the mailbox was connected (drives the ramp-up). */
  accountAge: number;
}

/** GET /api/senders: one per send-as address of each mailbox. */
export interface Sender {
  accountId: string;
  email: string;
  displayName: string | null;
  accountEmail: string;
  isDefault: boolean;
  sandbox: boolean;
}

export const setDefaultSenderSchema = z.object({
  accountId: z.string().uuid('Select a Gmail account'),
  sendAsEmail: z.string().trim().toLowerCase().email('Invalid email address').nullish(),
});
export type SetDefaultSenderInput = z.infer<typeof setDefaultSenderSchema>;

export type QuotaLevel = 'green' | 'yellow' | 'red';

/** The daily quota bar's colour: red when the limit is reached, yellow at 80% or more, else green. */
export function quotaLevel(current: number, limit: number): QuotaLevel {
  if (limit <= 0 || current >= limit) return 'red';
  return current / limit >= 0.8 ? 'yellow' : 'green';
}

/** GET /api/sandbox/messages: what a sandbox mailbox sent, with headers and bodies, and what happened to it. */
export interface SandboxInboxMessage {
  id: string;
  threadId: string;
  mailbox: string;
  headers: { name: string; value: string }[];
  text?: string;
  html?: string;
  raw: string;
  sentAt: string;
  openedAt: string | null;
  repliedAt: string | null;
  bouncedAt: string | null;
}
