import { autoReplyReason, challengeReason } from './auto-reply-detection';
import { type Bounce, deliveryReportOf, noticeReason } from './bounce-detection';
import { DAEMON_SENDER, LIST_MANAGER } from './bounce-rules';
import { type Complaint, complaintOf } from './complaint-detection';
import { headerOf, type InboundMessage } from './inbound-message';

export type InboundKind =
  | { type: 'bounce'; bounce: Bounce }
  /** A delivery is late (the server keeps trying) or a report of a successful delivery: nothing changes. */
  | { type: 'delay'; recipient: string | null; status: string | null; diagnostic: string | null }
  | { type: 'complaint'; complaint: Complaint }
  | { type: 'auto_reply'; reason: string }
  /** Clearly written by a machine but matching no rule: recorded for the user to mark, never a reply. */
  | { type: 'unclassified'; reason: string }
  | { type: 'reply' }
  /** Written by the mailbox itself (its own address or a send-as alias), a draft, or a delivery success. */
  | { type: 'own' };

/** Senders that are machines by name: no-reply addresses and notification robots. */
const MACHINE_SENDER =
  /^(no-?reply|do-?not-?reply|donotreply|noreply-\w+|notifications?|auto-?confirm|autoreply|auto-?responder)(@|[-+.])/i;

function machineReason(message: InboundMessage): string | null {
  // An empty From (`<>`) is a mail system; a message without any From header is merely malformed.
  const nullFrom = message.from === '' && message.headers.has('from');
  if (DAEMON_SENDER.test(message.from) || nullFrom) return `Sent by a mail system (${message.from || '<>'})`;
  if (MACHINE_SENDER.test(message.from)) return `Sent by an automated address (${message.from})`;
  if (LIST_MANAGER.test(message.from)) return `Sent by a mailing-list manager (${message.from})`;
  if (headerOf(message, 'return-path')?.trim() === '<>') return 'Sent with an empty return path';
  return null;
}

/**
 * What an incoming message in a conversation of ours is. When signals disagree, the first of these that
 * applies wins: own messages; spam complaints and unsubscribe notices; challenge-response requests
 * without a delivery-status part; delivery reports (bounces by class, delays; a report of a delivery
 * changes nothing); automatic replies; messages from a machine, or reading like a delivery notice,
 * matching no rule (unclassified); else a reply. So a machine's notice is never taken for a person's reply: complaints come before reports
 * because an ARF report is a multipart/report too; a challenge before reports because some are sent as
 * one (boxbe); reports before automatic replies because a DSN carries Auto-Submitted and old notices come
 * with 'RE:' subjects. Whether the message belongs to one of our emails is decided by the caller.
 */
export function classifyInbound(message: InboundMessage, ownAddresses: string[]): InboundKind {
  if (message.labelIds.some((label) => label === 'SENT' || label === 'DRAFT')) return { type: 'own' };
  const own = new Set(ownAddresses.map((address) => address.toLowerCase()));
  if (own.has(message.from)) return { type: 'own' };
  const complaint = complaintOf(message);
  if (complaint) return { type: 'complaint', complaint };
  const challenge = challengeReason(message);
  if (challenge) return { type: 'auto_reply', reason: challenge };
  const report = deliveryReportOf(message);
  if (report?.type === 'bounce') return { type: 'bounce', bounce: report.bounce };
  if (report?.type === 'delay') {
    const { recipient, status, diagnostic } = report;
    return { type: 'delay', recipient, status, diagnostic };
  }
  if (report?.type === 'delivered') return { type: 'own' };
  const reason = autoReplyReason(message);
  if (reason) return { type: 'auto_reply', reason };
  const machine = machineReason(message) ?? noticeReason(message);
  if (machine) return { type: 'unclassified', reason: machine };
  return { type: 'reply' };
}
