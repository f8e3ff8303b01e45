import { headerOf, type InboundMessage } from './inbound-message';
import { providerNotificationOf } from './provider-notifications';

export interface Complaint {
  /** The ARF Feedback-Type (abuse, opt-out, auth-failure, ...), 'abuse' for provider notices, 'opt-out' for unsubscribe notices. */
  feedbackType: string;
}

/** Microsoft's non-ARF complaint notice (arf-22: 'complaint about message from 192.0.2.222', staff@hotmail.com). */
const PROVIDER_COMPLAINT_SUBJECT = /^\s*complaint about message from/i;
/** Unsubscribe notices a mail client sends for its user (arf-26: Apple Mail's X-Apple-Unsubscribe). */
/** The fields every feedback report has (RFC 5965 section 3.1), each at the start of a line. */
const ARF_REQUIRED_FIELDS = [/^feedback-type:\s*[\w-]+\s*$/im, /^user-agent:\s*\S/im, /^version:\s*1\s*$/im];
const UNSUBSCRIBE_NOTICE = /sent this (e-?mail|message) to unsubscribe/i;

/**
 * A spam complaint or an unsubscribe request sent by a mail provider or client: an ARF feedback report
 * (RFC 5965), Hotmail/Outlook's complaint notice, or a client's unsubscribe message. Null otherwise.
 */
export function complaintOf(message: InboundMessage): Complaint | null {
  if (message.feedbackReport || message.reportType === 'feedback-report') {
    const type = /^feedback-type:\s*([\w-]+)/im.exec(message.feedbackReport ?? '')?.[1]?.toLowerCase();
    return { feedbackType: type ?? 'abuse' };
  }
  // An ARF report whose parts lost their media types still carries RFC 5965's required fields together.
  const arfFields = ARF_REQUIRED_FIELDS.every((field) => field.test(message.text));
  if (arfFields) {
    const type = /^feedback-type:\s*([\w-]+)/im.exec(message.text)?.[1]?.toLowerCase();
    return { feedbackType: type ?? 'abuse' };
  }
  // Hotmail's marker on a returned original means a complaint only outside a delivery report: Hotmail's
  // bounces return the original with the same header.
  const hotmailCopy =
    message.originalHeaders?.includes('X-HmXmrOriginalRecipient') &&
    !message.deliveryStatus.length &&
    message.mimeType !== 'multipart/report';
  if (PROVIDER_COMPLAINT_SUBJECT.test(message.subject) || hotmailCopy) {
    return { feedbackType: 'abuse' };
  }
  const notification = providerNotificationOf(message.text);
  if (notification?.type === 'complaint') return { feedbackType: notification.feedbackType ?? 'abuse' };
  const appleUnsubscribe = headerOf(message, 'x-apple-unsubscribe')?.trim().toLowerCase() === 'true';
  if (appleUnsubscribe || UNSUBSCRIBE_NOTICE.test(message.text.slice(0, 500)))
    return { feedbackType: 'opt-out' };
  return null;
}
