import { createHash } from 'node:crypto';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { MailProviderError, PROVIDER_LABELS } from '../mailboxes/mail-provider';
import { mailProviderFor } from '../mailboxes/providers';
import { finishSend, recordSent, reserveSend } from '../quota/quota-store';
import { buildMessage, newMessageId } from './build-message';
import { type ResolvedSender, resolveSender } from './resolve-sender';

export interface SendEmailInput {
  workspaceId: string;
  /** The mailbox to send from; omitted or null means the user's default sender. */
  senderAccountId?: string | null;
  /** A send-as alias of that mailbox; omitted means the default alias, else the mailbox's own address. */
  sendAsEmail?: string | null;
  to: string;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
  /** https URL for List-Unsubscribe and the RFC 8058 one-click POST. */
  unsubscribeUrl?: string | null;
  /** A follow-up: the Message-ID it answers, the chain of Message-IDs, and the provider's thread id. */
  inReplyTo?: string | null;
  references?: string[];
  threadId?: string | null;
  isTest?: boolean;
  /** A Message-ID generated and stored by the caller before this call (sequence emails); else a new one. */
  messageId?: string;
  /** The mailbox and From address, when the caller has already resolved them for these ids. */
  sender?: ResolvedSender;
  /**
   * The quota already taken for this email (an email_logs row 'queued'); else it is reserved here. The
   * caller then records it sent (in its own statement marking the email sent); a failure is recorded here.
   */
  reservedLogId?: string | null;
  /** The sequence email this is, linked on the email_logs row. */
  sequenceEmail?: {
    emailSendId: string;
    sequenceId: string;
    sequenceContactId: string;
    contactId: string;
    stepId: string | null;
    templateId: string | null;
  };
}

/** The provider refused the message; `failure` carries the kind and retry time that decide what next. */
export class MailSendError extends AppError {
  constructor(readonly failure: MailProviderError) {
    const { status, code } = failure.options;
    const protocol = failure.provider === 'smtp' ? 'SMTP' : 'HTTP';
    const answer = status ? ` (${protocol} ${status}${code ? ` ${code}` : ''})` : '';
    super(
      'UPSTREAM_ERROR',
      `${PROVIDER_LABELS[failure.provider]} did not accept the message${answer}: ${failure.detail}`,
    );
    this.name = 'MailSendError';
  }
}

/**
 * A provider's refusal as the app's error: lost authorisation is SENDER_UNAVAILABLE (the mailbox must be
 * reconnected), any other refusal UPSTREAM_ERROR naming the provider's answer.
 */
export function asAppError(error: unknown): unknown {
  if (!(error instanceof MailProviderError)) return error;
  if (error.kind === 'auth-lost') return new AppError('SENDER_UNAVAILABLE', error.detail);
  return new MailSendError(error);
}

export interface SendEmailResult {
  /** Our RFC 5322 Message-ID, `<...@sender-domain>`. */
  messageId: string;
  /** The provider's id of the sent message (the column keeps its first provider's name). */
  gmailMessageId: string;
  threadId: string;
  /** The From address the message went out with (the send-as alias, or the mailbox's address). */
  senderEmail: string;
}

/**
 * The List-Id of a sequence's emails: a label no reader can turn back into the sequence, on the sender's
 * domain (RFC 2919 asks for a domain the sender controls).
 */
export function listIdOf(sequenceId: string, senderAddress: string): string {
  const label = createHash('sha256').update(sequenceId).digest('hex').slice(0, 16);
  return `${label}.${senderAddress.split('@')[1]?.toLowerCase() || 'localhost'}`;
}

export type ComposedEmail = Pick<
  SendEmailInput,
  'to' | 'toName' | 'subject' | 'html' | 'text' | 'unsubscribeUrl' | 'inReplyTo' | 'references'
> & {
  /** The sequence the email belongs to: its List-Id. */
  listOf?: string | null;
};

/**
 * The RFC 5322 message handed to the mailbox's provider, built once here for every send and for the email
 * check, so the check scores the very bytes a send would hand over.
 */
export function composeMessage(
  email: ComposedEmail,
  sender: Pick<ResolvedSender, 'from'>,
  now: Date,
  messageId: string,
): Promise<Buffer> {
  return buildMessage({
    from: sender.from,
    to: { name: email.toName, address: email.to },
    subject: email.subject,
    html: email.html,
    text: email.text,
    date: now,
    messageId,
    unsubscribeUrl: email.unsubscribeUrl,
    listId: email.listOf ? listIdOf(email.listOf, sender.from.address) : null,
    inReplyTo: email.inReplyTo,
    references: email.references,
  });
}

/** One address, no display name or line breaks: `local@domain.tld`. */
const RECIPIENT = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/**
 * The one mail path. Picks the sender, builds the RFC 5322 message, claims quota (rolling 24 hours) with
 * an email_logs row, sends through the mailbox's provider, and records the outcome.
 * Fails with NOT_FOUND, NO_SENDER, QUOTA_EXCEEDED, SENDER_UNAVAILABLE, VALIDATION_ERROR or UPSTREAM_ERROR.
 */
export async function sendEmail(deps: CoreDeps, input: SendEmailInput): Promise<SendEmailResult> {
  const to = input.to.trim().toLowerCase();
  if (!RECIPIENT.test(to) || to.length > 254) throw new AppError('VALIDATION_ERROR', 'Invalid email address');
  const sender =
    input.sender ?? (await resolveSender(deps, input.workspaceId, input.senderAccountId, input.sendAsEmail));
  const { account } = sender;
  if (account.status === 'token_expired' || account.status === 'disconnected') {
    throw new AppError('SENDER_UNAVAILABLE', `${account.email} needs to be reconnected`);
  }
  const now = deps.clock.now();
  const messageId = input.messageId ?? newMessageId(sender.from.address, now);
  const raw = await composeMessage(
    { ...input, to, listOf: input.sequenceEmail?.sequenceId },
    sender,
    now,
    messageId,
  );
  const { logId } = input.reservedLogId
    ? { logId: input.reservedLogId }
    : await reserveSend(
        deps.db,
        account,
        {
          toEmail: to,
          subject: input.subject,
          emailProvider: account.provider,
          messageId,
          isTestEmail: input.isTest ?? false,
          ...input.sequenceEmail,
        },
        now,
      );
  try {
    const sent = await mailProviderFor(account).withSession(deps, account, (session) =>
      session.send({ raw, messageId, threadId: input.threadId, from: sender.from.address, to }),
    );
    const sentAt = deps.clock.now();
    if (!input.reservedLogId) await recordSent(deps.db, account, logId, { messageId, sentAt });
    return {
      messageId,
      gmailMessageId: sent.providerMessageId,
      threadId: sent.threadId,
      senderEmail: sender.from.address,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await finishSend(deps.db, input.workspaceId, logId, { status: 'failed', error: reason.slice(0, 1000) });
    throw asAppError(error);
  }
}
