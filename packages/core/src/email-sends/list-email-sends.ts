import type { EmailSendRow, EmailSendStatus, EmailSendsQuery } from '@prospector/contracts';
import { contacts, emailSends, sequences } from '@prospector/db';
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

/** The page shows (and the CSV holds) at most this many of the newest sends. */
export const EMAIL_SENDS_LIMIT = 5000;

const STATUS_FILTERS: Record<EmailSendsQuery['status'], SQL | undefined> = {
  all: undefined,
  reply: isNotNull(emailSends.repliedAt),
  open: and(isNull(emailSends.repliedAt), isNotNull(emailSends.openedAt)),
  not_open: and(isNull(emailSends.repliedAt), isNull(emailSends.openedAt)),
};

function displayStatus(row: { repliedAt: Date | null; openedAt: Date | null }): EmailSendStatus {
  if (row.repliedAt) return 'Reply';
  if (row.openedAt) return 'Open';
  return 'Not Open';
}

function contactName(row: { name: string | null; firstName: string | null; lastName: string | null }) {
  return row.name?.trim() || [row.firstName, row.lastName].filter((p) => p?.trim()).join(' ');
}

/**
 * GET /api/email-sends: the user's sent sequence emails, newest first, in the display shape; optionally
 * only one display status and/or one sequence. Scheduled, failed and cancelled sends are not listed.
 */
export async function listEmailSends(
  deps: CoreDeps,
  userId: string,
  query: EmailSendsQuery,
): Promise<EmailSendRow[]> {
  const rows = await deps.db
    .select({
      id: emailSends.id,
      subject: emailSends.subject,
      sentAt: emailSends.sentAt,
      openedAt: emailSends.openedAt,
      repliedAt: emailSends.repliedAt,
      email: contacts.email,
      name: contacts.name,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      sequenceName: sequences.name,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .where(
      and(
        eq(emailSends.userId, userId),
        eq(emailSends.state, 'sent'),
        isNotNull(emailSends.sentAt),
        query.sequenceId ? eq(emailSends.sequenceId, query.sequenceId) : undefined,
        STATUS_FILTERS[query.status],
      ),
    )
    .orderBy(desc(emailSends.sentAt), desc(emailSends.id))
    .limit(EMAIL_SENDS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    contactName: contactName(row) || row.email,
    contactEmail: row.email,
    subject: row.subject,
    sequenceName: row.sequenceName,
    status: displayStatus(row),
    sentAt: (row.sentAt as Date).toISOString(),
  }));
}
