import { emailLogs, emailSends, gmailAccounts, sequenceContacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { isAppError } from '../app-error';
import { sendEmail } from '../mail/send-email';
import { findAccount } from '../mailboxes/account-store';
import { MailProviderError, PROVIDER_LABELS } from '../mailboxes/mail-provider';
import { onTrackingBase, unsubscribeUrl } from '../tracking/tracking-urls';
import { recordEmailEvent } from '../webhooks/record-event';
import { type DeliveryRound, singleDelivery } from './dispatch-round';
import { type EngineDeps, MAX_SEND_ATTEMPTS, RETRY_BASE_DELAY_MS } from './engine-deps';
import { findSentMessage } from './find-sent-message';
import type { LoadedSending } from './load-sending';
import { backOffMailbox, type MailboxBackOffs } from './mailbox-back-off';
import { failureAction, providerFailureOf } from './send-failure';

export const NO_MAILBOX = 'No mailbox to send from';

/** A stored sequence email's content as it is sent: its links on the mailbox's tracking domain as it is now. */
export function sequenceEmailContent(
  email: { subject: string; htmlBody: string; plainTextBody: string | null; unsubscribeToken: string },
  appUrl: string,
  trackingBase: string,
) {
  return {
    subject: email.subject,
    html: onTrackingBase(email.htmlBody, appUrl, trackingBase),
    text: onTrackingBase(email.plainTextBody ?? '', appUrl, trackingBase),
    unsubscribeUrl: unsubscribeUrl(trackingBase, email.unsubscribeToken),
  };
}

export type DeliveryOutcome = 'sent' | 'found' | 'retry' | 'held' | 'failed' | 'skipped';

/** The engine retries across rounds itself, so each Gmail call is made once (Graph waits out only short throttling). */
const oneAttempt = (deps: EngineDeps): EngineDeps =>
  deps.google ? { ...deps, google: { ...deps.google, retry: { ...deps.google.retry, attempts: 1 } } } : deps;

/**
 * Hands one claimed send (state 'sending') to its mailbox's provider through the one mail path, with its stored Message-ID,
 * and records the outcome (rule 12). A send claimed before (a retry or a reclaim) is first looked up in
 * the mailbox by its Message-ID, so an earlier attempt that did reach the provider is never repeated. The quota
 * row taken by the claim is marked sent with the send, or released (failed) when the send does not go now.
 */
export async function deliverSend(
  deps: EngineDeps,
  sendId: string,
  options: { lookUpFirst?: boolean; round?: DeliveryRound } = {},
): Promise<DeliveryOutcome> {
  const round = options.round ?? singleDelivery(deps);
  const loaded = await round.load(sendId);
  if (loaded?.send.state !== 'sending') return 'skipped';
  const { send } = loaded;
  // Its mailbox was removed while it was being sent: never fall back to another sender.
  if (!send.senderAccountId) {
    await releaseQuota(deps, loaded, NO_MAILBOX);
    return hold(deps, loaded, NO_MAILBOX);
  }
  // The provider told this mailbox to slow down earlier in the round: the rest of its claimed sends wait too.
  const backingOff = round.backOffs?.get(send.senderAccountId);
  if (backingOff) {
    await releaseQuota(deps, loaded, backingOff);
    return hold(deps, loaded, backingOff);
  }
  const claimedBefore = send.attempts > 1 || options.lookUpFirst === true;
  try {
    if (claimedBefore && send.messageId && send.senderAccountId) {
      const found = await lookUp(deps, loaded);
      if (found === 'unavailable') {
        await releaseQuota(deps, loaded, 'Mailbox needs to be reconnected');
        return hold(deps, loaded, 'Mailbox needs to be reconnected');
      }
      if (found) return (await round.markSent(loaded.sending, found)) ? 'found' : 'skipped';
    }
    const sender =
      round.senders && send.senderAccountId
        ? await round.senders(send.workspaceId, send.senderAccountId, send.sendAsEmail)
        : undefined;
    // The mailbox's verified tracking domain as it is now, not as it was when the email was written.
    const base = await round.trackingBase(send.workspaceId, send.senderAccountId);
    const result = await sendEmail(oneAttempt(deps), {
      sender,
      workspaceId: send.workspaceId,
      senderAccountId: send.senderAccountId,
      sendAsEmail: send.sendAsEmail,
      to: loaded.to,
      toName: loaded.toName,
      ...sequenceEmailContent(send, deps.appUrl, base),
      inReplyTo: send.inReplyTo,
      references: send.inReplyTo ? loaded.threadMessageIds : undefined,
      threadId: send.inReplyTo ? loaded.threadId : null,
      messageId: send.messageId ?? undefined,
      reservedLogId: loaded.logId,
      sequenceEmail: {
        emailSendId: send.id,
        sequenceId: send.sequenceId,
        sequenceContactId: send.sequenceContactId,
        contactId: send.contactId,
        stepId: send.stepId,
        templateId: send.templateId,
      },
    });
    const sentAt = deps.clock.now();
    await round.markSent(loaded.sending, {
      gmailMessageId: result.gmailMessageId,
      threadId: result.threadId,
      sentAt,
    });
    return 'sent';
  } catch (error) {
    return handleFailure(deps, loaded, error, round.backOffs);
  }
}

async function lookUp(deps: EngineDeps, loaded: LoadedSending) {
  const account = await findAccount(deps.db, loaded.send.workspaceId, loaded.send.senderAccountId as string);
  if (!account) return 'unavailable' as const;
  try {
    return await findSentMessage(deps, account, loaded.send.messageId as string);
  } catch (error) {
    if (isAppError(error) && error.code === 'SENDER_UNAVAILABLE') return 'unavailable' as const;
    if (error instanceof MailProviderError && error.kind === 'auth-lost') return 'unavailable' as const;
    throw error;
  }
}

async function handleFailure(
  deps: EngineDeps,
  loaded: LoadedSending,
  error: unknown,
  backOffs?: MailboxBackOffs,
): Promise<DeliveryOutcome> {
  const reason = error instanceof Error ? error.message : String(error);
  await releaseQuota(deps, loaded, reason);
  const action = failureAction(error, loaded.send.attempts);
  if (action === 'hold') return hold(deps, loaded, reason);
  const failure = providerFailureOf(error);
  if (action === 'back-off' && failure) {
    const waiting = await backOffMailbox(deps, loaded, failure);
    if (loaded.send.senderAccountId) backOffs?.set(loaded.send.senderAccountId, waiting);
    return 'retry';
  }
  if (action === 'retry') return retryLater(deps, loaded, reason);
  return fail(deps, loaded, reason);
}

/** The send did not go: the quota row its claim took stops counting (a later claim takes a new one). */
async function releaseQuota(deps: EngineDeps, loaded: LoadedSending, reason: string) {
  if (!loaded.logId) return;
  await deps.db
    .update(emailLogs)
    .set({ status: 'failed', error: reason.slice(0, 1000) })
    .where(and(eq(emailLogs.id, loaded.logId), eq(emailLogs.status, 'queued')));
}

/** Back to scheduled without using up an attempt: the mailbox cannot send now (quota, reconnect). */
async function hold(deps: EngineDeps, loaded: LoadedSending, reason: string): Promise<DeliveryOutcome> {
  await deps.db
    .update(emailSends)
    .set({
      state: 'scheduled',
      attempts: Math.max(0, loaded.send.attempts - 1),
      claimedAt: null,
      waitingReason: reason,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(emailSends.id, loaded.send.id), eq(emailSends.state, 'sending')));
  return 'held';
}

/** A 429, 5xx or network failure: back to scheduled, the mailbox backs off (30 s, 60 s, ...). */
async function retryLater(deps: EngineDeps, loaded: LoadedSending, reason: string): Promise<DeliveryOutcome> {
  const now = deps.clock.now();
  const backoff = RETRY_BASE_DELAY_MS * 2 ** Math.max(0, loaded.send.attempts - 1);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailSends)
      .set({
        state: 'scheduled',
        claimedAt: null,
        lastError: reason.slice(0, 1000),
        waitingReason: `${PROVIDER_LABELS[loaded.provider ?? 'gmail']} did not answer; trying again (attempt ${loaded.send.attempts + 1} of ${MAX_SEND_ATTEMPTS})`,
        updatedAt: now,
      })
      .where(and(eq(emailSends.id, loaded.send.id), eq(emailSends.state, 'sending')));
    if (loaded.send.senderAccountId) {
      await tx
        .update(gmailAccounts)
        .set({ nextSendAt: new Date(now.getTime() + backoff) })
        .where(eq(gmailAccounts.id, loaded.send.senderAccountId));
    }
  });
  return 'retry';
}

/** Refused for good: the send fails with the reason, and so does its enrolment (its thread cannot go on). */
async function fail(deps: EngineDeps, loaded: LoadedSending, reason: string): Promise<DeliveryOutcome> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const failed = await tx
      .update(emailSends)
      .set({ state: 'failed', lastError: reason.slice(0, 1000), waitingReason: null, updatedAt: now })
      .where(and(eq(emailSends.id, loaded.send.id), eq(emailSends.state, 'sending')))
      .returning({ id: emailSends.id });
    if (failed.length === 0) return;
    await recordEmailEvent(tx, 'email.failed', loaded.send.id, now, { error: reason.slice(0, 1000) });
    await tx
      .update(sequenceContacts)
      .set({
        status: 'failed',
        lastError: reason.slice(0, 1000),
        nextRunAt: null,
        completedAt: now,
        updatedAt: now,
      })
      .where(
        and(eq(sequenceContacts.id, loaded.send.sequenceContactId), eq(sequenceContacts.status, 'active')),
      );
  });
  return 'failed';
}
