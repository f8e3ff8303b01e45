import { z } from 'zod';

// The Email Sending page's All Emails tab (spec sections 2, 3 and 7): GET /api/email-sends.

/** Display status (spec section 4): Reply when replied, else Open when opened, else Not Open. */
export const EMAIL_SEND_STATUSES = ['Reply', 'Open', 'Not Open'] as const;
export type EmailSendStatus = (typeof EMAIL_SEND_STATUSES)[number];

/** The status filter's values; 'all' is the default. */
export const EMAIL_SEND_FILTERS = ['all', 'reply', 'open', 'not_open'] as const;
export type EmailSendFilter = (typeof EMAIL_SEND_FILTERS)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === 'all' || v === null ? undefined : v);
/** Accepts the filter value or the display label: "Not Open", "not-open" and "not_open" are one. */
const normalizeStatus = (v: unknown) =>
  typeof v === 'string' && v.trim() !== ''
    ? v
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : undefined;

export const emailSendsQuerySchema = z.object({
  status: z.preprocess(
    normalizeStatus,
    z.enum(EMAIL_SEND_FILTERS, { error: 'Status must be all, reply, open or not_open' }).default('all'),
  ),
  sequenceId: z.preprocess(blankToUndefined, z.uuid('Invalid sequence id').optional()),
});
export type EmailSendsQuery = z.infer<typeof emailSendsQuerySchema>;

/** The display shape (spec section 3). */
export interface EmailSendRow {
  id: string;
  contactName: string;
  contactEmail: string;
  subject: string;
  sequenceName: string;
  status: EmailSendStatus;
  sentAt: string;
}
