import {
  AUTO_PRECEDENCE,
  AUTO_REPLY_SUBJECTS,
  AUTOMATED_WORDING,
  AWAY_NOTICE,
  CHALLENGE_WORDING,
  EXCHANGE_AUTO_HEADERS,
  OUT_OF_OFFICE_BODY,
  TICKET_SUBJECT,
} from './auto-reply-rules';
import { headerOf, type InboundMessage } from './inbound-message';
import { replyTextOf } from './reply-text';

const stripReplyPrefix = (subject: string) => subject.replace(/^\s*((re|aw|sv|fw|fwd)\s*:\s*)*/i, '').trim();
const hasAutoSubject = (subject: string) =>
  AUTO_REPLY_SUBJECTS.some((pattern) => pattern.test(subject.trim()));

/**
 * Why a message is an automatic reply (RFC 3834 and the headers autoresponders add, an out-of-office
 * subject, a helpdesk acknowledgement or a challenge-response request), or null for a message a person
 * wrote.
 */
export function autoReplyReason(message: InboundMessage): string | null {
  const autoSubmitted = headerOf(message, 'auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no'))
    return `Auto-Submitted: ${autoSubmitted.split(';')[0]}`;
  if (message.headers.has('x-autoreply')) return 'X-Autoreply';
  if (message.headers.has('x-autorespond')) return 'X-Autorespond';
  if (message.headers.has('x-autoresponder')) return 'X-Autoresponder';
  const precedence = headerOf(message, 'precedence')?.trim();
  if (precedence && AUTO_PRECEDENCE.test(precedence)) return `Precedence: ${precedence.toLowerCase()}`;
  const subject = message.subject.trim();
  // rfc3834-02: Outlook sets X-Auto-Response-Suppress on its own automatic replies.
  const exchangeMarker = EXCHANGE_AUTO_HEADERS.find((name) => message.headers.has(name));
  if (exchangeMarker && hasAutoSubject(subject)) return exchangeMarker;
  if (hasAutoSubject(subject)) return 'Out-of-office subject';
  const opening = message.text.slice(0, 1500);
  if (CHALLENGE_WORDING.test(opening)) return 'Challenge-response';
  if (TICKET_SUBJECT.test(stripReplyPrefix(subject)) && AUTOMATED_WORDING.test(opening)) {
    return 'Helpdesk acknowledgement';
  }
  if (message.headers.has('x-auto-response-suppress') && OUT_OF_OFFICE_BODY.test(opening)) {
    return 'X-Auto-Response-Suppress';
  }
  // The opening of what was written (above any quote) says it as clearly as a header would.
  const written = replyTextOf(message.text).slice(0, 600);
  if (AWAY_NOTICE.some((pattern) => pattern.test(written))) return 'Automatic-reply wording';
  return null;
}

/**
 * A challenge-response request (a filter asking the sender to confirm), even dressed as a report: a filter
 * holding the message reports it with a temporary status (boxbe: 'Action: failed', 'Status: 4.7.0'); a
 * report with a permanent status is a bounce whatever else it says.
 */
export function challengeReason(message: InboundMessage): string | null {
  if (message.deliveryStatus.some((part) => /^status:\s*5/im.test(part))) return null;
  return CHALLENGE_WORDING.test(message.text.slice(0, 1500)) ? 'Challenge-response' : null;
}
