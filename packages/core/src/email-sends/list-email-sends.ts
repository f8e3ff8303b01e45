import type {
  EmailSendRow,
  EmailSendState,
  EmailSendStatus,
  EmailSendsQuery,
  LeadStatus,
} from '@prospector/contracts';
import {
  contacts,
  emailSends,
  gmailAccounts,
  sequenceContacts,
  sequences,
  trackingEvents,
} from '@prospector/db';
import { and, asc, desc, eq, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import { markAssistantAnswered } from '../assistant/assistant-answered';
import type { CoreDeps } from '../deps';
import { contactBlocked } from '../engine/send-conditions';
import { retryRefusal } from '../mailbox-recovery/retry-failed-send';
import { expectedSendTimes } from './expected-send-times';
import { PAUSED_DETAIL, UNSENT_STATE_FILTERS } from './unsent-states';

/** The page shows (and the CSV holds) at most this many of the newest sends. */
export const EMAIL_SENDS_LIMIT = 5000;

/** The recipient unsubscribed (or complained) from this very email. */
const unsubscribedFrom = sql<boolean>`exists (select 1 from ${trackingEvents}
  where ${trackingEvents.emailSendId} = ${emailSends.id} and ${trackingEvents.type} in ('unsubscribe', 'complaint'))`;

/** Each filter holds exactly the emails shown with its status (the precedence of sentStatus). */
const notBounced = isNull(emailSends.bouncedAt);
const STATUS_FILTERS: Record<EmailSendsQuery['status'], SQL | undefined> = {
  all: undefined,
  bounced: isNotNull(emailSends.bouncedAt),
  reply: and(notBounced, isNotNull(emailSends.repliedAt)),
  unsubscribed: and(notBounced, isNull(emailSends.repliedAt), unsubscribedFrom),
  clicked: and(
    notBounced,
    isNull(emailSends.repliedAt),
    not(unsubscribedFrom),
    isNotNull(emailSends.clickedAt),
  ),
  open: and(
    notBounced,
    isNull(emailSends.repliedAt),
    not(unsubscribedFrom),
    isNull(emailSends.clickedAt),
    isNotNull(emailSends.openedAt),
  ),
  not_open: and(
    notBounced,
    isNull(emailSends.repliedAt),
    not(unsubscribedFrom),
    isNull(emailSends.clickedAt),
    isNull(emailSends.openedAt),
  ),
};

/** Which rows each state lists; a due send held by its mailbox or quota carries a waiting reason. */
const STATE_FILTERS: Record<EmailSendState, SQL | undefined> = {
  sent: and(eq(emailSends.state, 'sent'), isNotNull(emailSends.sentAt)),
  ...UNSENT_STATE_FILTERS,
};

/** Sent emails newest first; upcoming ones soonest first; failed and cancelled ones latest due first. */
const STATE_ORDER: Record<EmailSendState, SQL[]> = {
  sent: [desc(emailSends.sentAt), desc(emailSends.id)],
  scheduled: [asc(emailSends.scheduledFor), asc(emailSends.id)],
  waiting: [asc(emailSends.scheduledFor), asc(emailSends.id)],
  paused: [asc(emailSends.scheduledFor), asc(emailSends.id)],
  failed: [desc(emailSends.scheduledFor), desc(emailSends.id)],
  cancelled: [desc(emailSends.scheduledFor), desc(emailSends.id)],
};

const UNSENT_STATUS: Record<Exclude<EmailSendState, 'sent'>, EmailSendStatus> = {
  scheduled: 'Scheduled',
  waiting: 'Waiting',
  paused: 'Paused',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Why an unsent email is where it is: the waiting reason, or the error or stop reason. */
function unsentDetail(
  state: Exclude<EmailSendState, 'sent'>,
  row: { waitingReason: string | null; lastError: string | null; sequenceStatus: string },
) {
  if (state === 'waiting') return row.waitingReason;
  if (state === 'paused') {
    return row.sequenceStatus === 'paused' ? PAUSED_DETAIL.sequence : PAUSED_DETAIL.enrolment;
  }
  if (state === 'failed' || state === 'cancelled') return row.lastError;
  return null;
}

function sentStatus(row: {
  bouncedAt: Date | null;
  repliedAt: Date | null;
  unsubscribed: boolean;
  openedAt: Date | null;
  clickedAt: Date | null;
}): EmailSendStatus {
  if (row.bouncedAt) return 'Bounced';
  if (row.repliedAt) return 'Reply';
  if (row.unsubscribed) return 'Unsubscribed';
  if (row.clickedAt) return 'Clicked';
  if (row.openedAt) return 'Open';
  return 'Not Open';
}

function contactName(row: { name: string | null; firstName: string | null; lastName: string | null }) {
  return row.name?.trim() || [row.firstName, row.lastName].filter((p) => p?.trim()).join(' ');
}

/**
 * GET /api/email-sends: the user's sequence emails in the display shape, optionally for one sequence.
 *
 * The spec's Status filter (All Statuses, Reply, Open, Not Open) is about what recipients did with emails
 * that went out, so it keeps exactly that meaning: by default (state `sent`) the list holds sent emails,
 * newest first, and `status` narrows them to Reply, Open or Not Open, or Bounced or Unsubscribed (which
 * analytics count too, decision 011); All Statuses is every sent email.
 * Emails that have not gone out are listed by `state` instead: Scheduled (due later, or being sent),
 * Waiting (due but held, with the reason), Failed (with the error) and Cancelled (with why, when the
 * enrolment was stopped). The page offers those four
 * in the same Status menu, after the spec's options, and shows how many are waiting or failed so none hide.
 */
export async function listEmailSends(
  deps: CoreDeps,
  workspaceId: string,
  query: EmailSendsQuery,
): Promise<EmailSendRow[]> {
  const rows = await deps.db
    .select({
      id: emailSends.id,
      subject: emailSends.subject,
      sentAt: emailSends.sentAt,
      openedAt: emailSends.openedAt,
      clickedAt: emailSends.clickedAt,
      repliedAt: emailSends.repliedAt,
      bouncedAt: emailSends.bouncedAt,
      unsubscribed: query.state === 'sent' ? unsubscribedFrom : sql<boolean>`false`,
      state: emailSends.state,
      stepId: emailSends.stepId,
      senderAccountId: emailSends.senderAccountId,
      enrolmentStatus: sequenceContacts.status,
      sequenceStatus: sequences.status,
      blocked: sql<boolean>`${contactBlocked()}`,
      scheduledFor: emailSends.scheduledFor,
      recipientTimezone: emailSends.recipientTimezone,
      waitingReason: emailSends.waitingReason,
      lastError: emailSends.lastError,
      email: contacts.email,
      name: contacts.name,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      sequenceName: sequences.name,
      from: sql<string | null>`coalesce(${emailSends.sendAsEmail}, ${gmailAccounts.email})`,
      variantLabel: emailSends.variantLabel,
      leadStatus: contacts.leadStatus,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .innerJoin(sequenceContacts, eq(sequenceContacts.id, emailSends.sequenceContactId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .where(
      and(
        eq(emailSends.workspaceId, workspaceId),
        STATE_FILTERS[query.state],
        query.sequenceId ? eq(emailSends.sequenceId, query.sequenceId) : undefined,
        query.state === 'sent' ? STATUS_FILTERS[query.status] : undefined,
      ),
    )
    .orderBy(...STATE_ORDER[query.state])
    .limit(EMAIL_SENDS_LIMIT);
  const expected =
    query.state === 'scheduled' || query.state === 'waiting'
      ? await expectedSendTimes(deps, workspaceId, rows)
      : new Map<string, Date>();
  const shown = rows.map((row) => {
    const shared = {
      id: row.id,
      contactName: contactName(row) || row.email,
      contactEmail: row.email,
      subject: row.subject,
      sequenceName: row.sequenceName,
      from: row.from,
      variantLabel: row.variantLabel,
      recipientTimezone: row.recipientTimezone,
      // Only when the Inbox has sorted the contact.
      ...(row.leadStatus && { leadStatus: row.leadStatus as LeadStatus }),
    };
    if (query.state === 'sent') {
      return { ...shared, status: sentStatus(row), sentAt: (row.sentAt as Date).toISOString() };
    }
    return {
      ...shared,
      status: UNSENT_STATUS[query.state],
      sentAt: null,
      scheduledFor: row.scheduledFor.toISOString(),
      detail: unsentDetail(query.state, row),
      ...(expected.has(row.id) && { expectedAt: expected.get(row.id)!.toISOString() }),
      ...(query.state === 'failed' && { retryable: retryRefusal(row) === null }),
    };
  });
  return markAssistantAnswered(deps.db, workspaceId, shown);
}
