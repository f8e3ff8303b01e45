import type { MailProviderKind } from '@prospector/db';
import type { CoreDeps } from '../deps';
import type { MailboxRow } from './account-store';

export type { MailProviderKind };

/** How the app names each provider to the user, in waiting reasons and errors. */
export const PROVIDER_LABELS: Record<MailProviderKind, string> = {
  gmail: 'Gmail',
  microsoft: 'Microsoft',
  smtp: 'Mail server',
};

/**
 * What a provider's refusal means to the app, whichever provider said it:
 * - `rate-limit`: slow down, try again after `retryAt` (Gmail 429/rateLimitExceeded, Graph 429/503 with
 *   Retry-After, SMTP 421/4.7.x "try later");
 * - `sending-limit`: the mailbox's own daily sending limit, wait until `retryAt` (Gmail "Retry after",
 *   Exchange's recipient-rate limit, SMTP 452/4.5.3 too many recipients today);
 * - `transient`: the service failed (5xx, a dropped connection), retry with back-off;
 * - `auth-lost`: the credentials no longer work (a refresh refused, a scope removed, SMTP 535): the
 *   mailbox is held until the user reconnects it;
 * - `refused`: about this message or recipient (a 5xx SMTP reply to RCPT, Graph 400): do not retry.
 */
export type MailFailureKind = 'rate-limit' | 'sending-limit' | 'transient' | 'auth-lost' | 'refused';

/** A provider's refusal, classified. `detail` is the provider's own words, shown to the user. */
export class MailProviderError extends Error {
  constructor(
    readonly provider: MailProviderKind,
    readonly kind: MailFailureKind,
    readonly detail: string,
    readonly options: { status?: number; code?: string; retryAt?: Date; cause?: unknown } = {},
  ) {
    super(`${provider} ${options.status ?? ''} ${options.code ?? ''}: ${detail}`.replace(/\s+/g, ' '));
    this.name = 'MailProviderError';
  }
}

/** A rendered message on its way out. */
export interface OutgoingMessage {
  /** The whole RFC 5322 message as `buildMessage` made it (our Message-ID, List-Unsubscribe, threading headers). */
  raw: Buffer;
  /** Our Message-ID, `<...@sender-domain>`, as in `raw`. */
  messageId: string;
  /** The provider's thread of the earlier message this one follows up, from its `SentMessage`. */
  threadId?: string | null;
  /** The address the message is sent from (the mailbox or one of its identities) and to. */
  from: string;
  to: string;
}

/** What the provider says of a message it took. */
export interface SentMessage {
  /** The provider's id of the sent message (Gmail message id, Graph message id, `<Message-ID>` for SMTP). */
  providerMessageId: string;
  /** The provider's thread (Gmail threadId, Graph conversationId, the first Message-ID of the chain for SMTP). */
  threadId: string;
  sentAt?: Date;
}

/** A message that arrived, raw, for the one inbound classifier. */
export interface ArrivedMessage {
  providerMessageId: string;
  threadId: string;
  raw: Buffer;
  receivedAt: Date;
  /** The provider's own preview of the text, when it gives one (Gmail); else it is taken from the text. */
  snippet?: string;
  /** The mailbox sent it itself (a copy in Sent): recorded only in threads the Inbox already holds. */
  sentByMailbox: boolean;
  /**
   * The message's full size when it was over what is read of one message: `raw` then holds only its
   * headers and the start of its body.
   */
  tooLargeBytes?: number;
}

/** One read of a mailbox since its cursor. */
export interface MailboxRead {
  /** 'start': first read, only takes the cursor; 'incremental': since the cursor; 'resync': the cursor had expired. */
  mode: 'start' | 'incremental' | 'resync';
  /** Read one at a time as they are recorded (IMAP), or already read (the APIs, which page by themselves). */
  messages: ArrivedMessage[] | AsyncIterable<ArrivedMessage>;
  /** The cursor to store once every message was recorded. */
  cursor: string;
}

/** A send-as address of the mailbox. */
export interface SenderIdentity {
  email: string;
  displayName: string | null;
  isDefault: boolean;
  verified: boolean;
}

/**
 * Which of these provider threads the Inbox holds: a message the mailbox sent itself is read only in those
 * (an answer written in the provider's own client shows in its conversation). Without it, none is read.
 */
export type HeldThreads = (threadIds: string[]) => Promise<Set<string>>;

/** One mailbox's connection to its provider, with fresh credentials. */
export interface MailboxSession {
  send(message: OutgoingMessage): Promise<SentMessage>;
  /**
   * What arrived since `cursor` (null: the first read). An expired cursor (Gmail history 404, Graph
   * syncStateNotFound/410, IMAP UIDVALIDITY changed) reads back to `since` instead; recording is idempotent
   * by provider message id, so nothing counts twice.
   */
  readSince(cursor: string | null, since: Date | null, heldThreads?: HeldThreads): Promise<MailboxRead>;
  /** One message's raw source, or null when it is gone. */
  fetchRaw(providerMessageId: string): Promise<Buffer | null>;
  /** A message we sent with this Message-ID, if the mailbox has it (a send whose outcome was lost). */
  findSent(messageId: string): Promise<SentMessage | null>;
  listIdentities(): Promise<SenderIdentity[]>;
}

/** The engine, tracking, Inbox and recovery know mailboxes only through this. */
export interface MailProvider {
  readonly kind: MailProviderKind;
  /**
   * Whether this deployment can reach the mailbox: its provider is configured, and a mailbox connected
   * through a sandbox is only reached through that sandbox (and a real one only through the real service).
   */
  reachable(deps: CoreDeps, mailbox: MailboxRow): boolean;
  /**
   * Runs `work` with a session for the mailbox: refreshes credentials first when they are due (and once
   * more when the provider answers 401), marks the mailbox `token_expired` when they are refused for good,
   * and throws every refusal as a `MailProviderError`.
   */
  withSession<T>(
    deps: CoreDeps,
    mailbox: MailboxRow,
    work: (session: MailboxSession) => Promise<T>,
  ): Promise<T>;
  /**
   * The provider's ceiling for a mailbox (the user may set lower; by default a new mailbox ramps up to it,
   * decision 006), and the shortest gap between two sends the provider's own pace allows (0: it sets none).
   */
  limits(mailbox: MailboxRow): { maxDailyLimit: number; minGapSeconds: number };
  /** Revokes the app's grant at the provider when the user disconnects the mailbox; best effort. */
  revokeGrant(deps: CoreDeps, mailbox: MailboxRow): Promise<void>;
}
