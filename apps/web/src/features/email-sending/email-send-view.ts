import type { EmailSendFilter, EmailSendState } from '@prospector/contracts';

/**
 * The Status menu's value: the spec's filter (all, reply, open, not_open, and clicked, bounced and
 * unsubscribed, which analytics count too) over sent emails, or one of the states of emails that have not
 * gone out.
 */
export type EmailSendView = EmailSendFilter | Exclude<EmailSendState, 'sent'>;

export const SPEC_STATUS_OPTIONS: { value: EmailSendFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'reply', label: 'Reply' },
  { value: 'clicked', label: 'Clicked' },
  { value: 'open', label: 'Open' },
  { value: 'not_open', label: 'Not Open' },
  { value: 'bounced', label: 'Bounced' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];

export const UNSENT_STATUS_OPTIONS: { value: Exclude<EmailSendState, 'sent'>; label: string }[] = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'paused', label: 'Paused' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const UNSENT = new Set<string>(UNSENT_STATUS_OPTIONS.map((option) => option.value));

/** The GET /api/email-sends query of a view: `status` for the spec's filter, `state` for unsent emails. */
export function emailSendsParams(view: EmailSendView, sequenceId: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (UNSENT.has(view)) params.set('state', view);
  else if (view !== 'all') params.set('status', view);
  if (sequenceId) params.set('sequenceId', sequenceId);
  return params;
}

export const isUnsentView = (view: EmailSendView) => UNSENT.has(view);
