import {
  BOUNCE_BODY,
  BOUNCE_SUBJECT,
  type BounceClass,
  classOfStatus,
  DAEMON_NAME,
  DAEMON_SENDER,
  DELAY_BODY,
  DELAY_SUBJECT,
  DELIVERED_ACTION,
  REASON_RULES,
} from './bounce-rules';
import { failedBlock, recipientBlocks, recipientOf, replyCodeIn, statusCodeIn } from './delivery-status';
import { headerOf, type InboundMessage } from './inbound-message';
import { providerNotificationOf } from './provider-notifications';

export interface Bounce {
  /** hard: the address will never work; soft: a temporary failure; sender: our message or mailbox was refused. */
  kind: BounceClass;
  /** The enhanced status code (e.g. 5.1.1), else the SMTP reply code, else 5.0.0. */
  status: string;
  recipient: string | null;
  diagnostic: string | null;
}

export type DeliveryReport =
  | { type: 'bounce'; bounce: Bounce }
  | { type: 'delay'; recipient: string | null; status: string | null; diagnostic: string | null }
  | { type: 'delivered' };

/** Where a report's own words end and the returned message begins (inline copies in prose reports). */
const RETURNED_MESSAGE =
  /^.*(below this line is a copy of the message|original message follows|returned message|message headers follow|text of the (original )?message|unsent message below|undelivered message (is )?attached|copy of (the )?(original )?message|original message header|------ ?this is a copy of).*$|^-+ ?(original|returned) message ?-+$|^(received|return-path|message-id|x-mailer): /im;

/** The report's own text, without the copy of the original message it returns. */
export function reportTextOf(text: string): string {
  const cut = RETURNED_MESSAGE.exec(text);
  return (cut ? text.slice(0, cut.index + cut[0].length) : text).slice(0, 6000);
}

const isReplySubject = (subject: string) => /^\s*(re|aw|sv|antw|rif|res|r)\s*:/i.test(subject);

/** Whether a message is a report from a mail system about a message we sent. */
function looksLikeReport(message: InboundMessage, ownText: string): boolean {
  if (message.deliveryStatus.length) return true;
  if (message.mimeType === 'multipart/report') {
    return message.reportType !== 'feedback-report' && message.reportType !== 'disposition-notification';
  }
  if (message.headers.has('x-failed-recipients')) return true;
  const returnPath = headerOf(message, 'return-path')?.trim();
  const fromSystem =
    DAEMON_SENDER.test(message.from) ||
    message.from === '' ||
    DAEMON_NAME.test(message.fromName) ||
    returnPath === '<>' ||
    /^<?mailer-daemon/i.test(returnPath ?? '');
  const subjectSays = !isReplySubject(message.subject) && BOUNCE_SUBJECT.some((p) => p.test(message.subject));
  const bodySays = BOUNCE_BODY.some((p) => p.test(ownText));
  return fromSystem ? subjectSays || bodySays : subjectSays && bodySays;
}

/** The words of the failure: the first line of the report's text naming a reason, with the next one. */
function diagnosticIn(ownText: string): string | null {
  const lines = ownText.split(/\r?\n/).map((line) => line.trim());
  const namesReason = (line: string) => REASON_RULES.some((rule) => rule.pattern.test(line));
  // A server's answer with a failure code first (a transcript's '<<< 550 ...'), then any line.
  const coded = lines.findIndex((line) => /(^|\s)[45]\d\d[\s-]/.test(line) && namesReason(line));
  const at = coded >= 0 ? coded : lines.findIndex(namesReason);
  if (at < 0) return null;
  return lines
    .slice(at, at + 2)
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

function classOf(status: string | null, diagnostic: string | null, ownText: string): BounceClass {
  // 5.1.7 and 5.1.8 are about our sender address, whatever the words say (lhost-exim-50 'No such domain').
  if (status === '5.1.7' || status === '5.1.8') return 'sender';
  const byWords = (text: string | null) =>
    text ? REASON_RULES.find((rule) => rule.pattern.test(text))?.class : undefined;
  return byWords(diagnostic) ?? (status ? classOfStatus(status) : null) ?? byWords(ownText) ?? 'soft';
}

const FIRST_ADDRESS = /<?([\w.+'-]+@[\w-]+(?:\.[\w-]+)+)>?/;

/**
 * A delivery report (a DSN, a prose notice from a mail system) about one of our emails: a bounce with its
 * class, a delay notice, or a report of a successful delivery. Null for anything else.
 */
export function deliveryReportOf(message: InboundMessage): DeliveryReport | null {
  const notification = providerNotificationOf(message.text);
  if (notification?.type === 'bounce') {
    const { recipient, diagnostic } = notification;
    const status = statusCodeIn(notification.status) ?? '5.0.0';
    return {
      type: 'bounce',
      bounce: { kind: classOf(status, diagnostic, ''), status, recipient, diagnostic },
    };
  }
  const ownText = reportTextOf(message.text);
  if (!looksLikeReport(message, ownText)) return null;
  const blocks = recipientBlocks(
    message.deliveryStatus.length ? message.deliveryStatus : [message.text.slice(0, 20000)],
  );
  const failed = failedBlock(blocks);
  const action = (failed?.action ?? '').toLowerCase();
  const fieldStatus = statusCodeIn(failed?.status) ?? (/^2\./.test(failed?.status ?? '') ? '2.0.0' : null);
  if (DELIVERED_ACTION.test(action) || fieldStatus === '2.0.0') return { type: 'delivered' };
  const diagnostic =
    failed?.['diagnostic-code']?.replace(/^smtp;\s*/i, '').slice(0, 500) || diagnosticIn(ownText);
  const status =
    fieldStatus ??
    statusCodeIn(failed?.['diagnostic-code']) ??
    statusCodeIn(diagnostic) ??
    statusCodeIn(ownText);
  const recipient =
    recipientOf(failed?.['final-recipient'] ?? failed?.['original-recipient']) ??
    recipientOf(headerOf(message, 'x-failed-recipients')?.split(',')[0] ?? undefined) ??
    FIRST_ADDRESS.exec(ownText)?.[1]?.toLowerCase() ??
    null;
  const delayed =
    action.startsWith('delay') ||
    (!action.startsWith('fail') &&
      (DELAY_SUBJECT.test(message.subject) || (!status && DELAY_BODY.test(ownText))));
  if (delayed && !status?.startsWith('5')) return { type: 'delay', recipient, status, diagnostic };
  // A generic x.0.0 field next to a precise code in the server's answer: the precise one tells more.
  const precise = status?.endsWith('.0.0') ? (statusCodeIn(diagnostic) ?? status) : status;
  // A report's subject may name the reason too (lhost-x1-02 'Returned Mail: User unknown').
  const kind = classOf(precise, diagnostic, `${ownText}\n${message.subject}`);
  const code = status ?? replyCodeIn(diagnostic ?? ownText) ?? (kind === 'soft' ? '4.0.0' : '5.0.0');
  return { type: 'bounce', bounce: { kind, status: code, recipient, diagnostic } };
}
