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
  LIST_MANAGER,
  REASON_RULES,
} from './bounce-rules';
import { NOTICE_WORDS } from './bounce-vocabulary';
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
  /^.*(below this line is a copy of the message|your message reads|message text follows|your (original )?message follows|original message follows|returned message|message headers follow|text of the (original )?message|unsent message below|undelivered message (is )?attached|copy of (the )?(original )?message|original message header|------ ?this is a copy of).*$|^-+ ?(original|returned) message ?-+$|^(received|return-path|message-id|x-mailer): /im;

/** The report's own text, without the copy of the original message it returns (its marker line kept). */
export function reportTextOf(text: string): string {
  const cut = RETURNED_MESSAGE.exec(text);
  return (cut ? text.slice(0, cut.index + cut[0].length) : text).slice(0, 6000);
}
/** A notice speaks of a message or mail it failed to deliver, not of a parcel or an order. */
const MESSAGE_WORD = /message|mail|nachricht|mensaje|correo|thư|メール|邮件|郵件|信件/i;
/** Whether the words above the copy (its marker line left out) speak of a message. */
const speaksOfMessage = (text: string) =>
  MESSAGE_WORD.test(text.slice(0, RETURNED_MESSAGE.exec(text)?.index ?? 6000));

const isReplySubject = (subject: string) => /^\s*(re|aw|sv|antw|rif|res|r)\s*:/i.test(subject);

/** A server's answer with a failure code naming a reason: '550 5.1.1 <a@b.c>... User unknown'. */
const codedAnswer = (line: string) =>
  /(^|\s)[45]\d\d[\s-]/.test(line) && REASON_RULES.some((rule) => rule.pattern.test(line));

/**
 * The structure of a notice, whoever sends it and whatever its subject ('RE: ...' from an ordinary
 * address, as Exchange 5.x, Lotus Notes and mail gateways write them): its own words name a failed
 * recipient and say the delivery failed, and it returns the message (a copy after its words, or the
 * original's headers as a part).
 */
/**
 * Whether the message comes from the very address our quoted original was sent to: its recipient, who got
 * it, writing about something else ("my old address ... could not be delivered"). A notice comes from a
 * mail system or an administrator, never from the recipient it failed to reach.
 */
function writtenByRecipient(message: InboundMessage): boolean {
  const copy = message.originalHeaders ?? message.text.slice(reportTextOf(message.text).length);
  const to = /^[> \t]*to:[ \t]*(.*)$/im.exec(copy)?.[1]?.toLowerCase() ?? '';
  return message.from !== '' && to.includes(message.from);
}

function hasNoticeStructure(message: InboundMessage, ownText: string): boolean {
  if (writtenByRecipient(message)) return false;
  const returned =
    Boolean(message.originalHeaders) ||
    ownText.length < message.text.length ||
    message.quotedMessageIds.length > 0;
  if (!returned || !FIRST_ADDRESS.test(ownText) || !speaksOfMessage(message.text)) return false;
  return NOTICE_WORDS.test(ownText) || ownText.split(/\r?\n/).some(codedAnswer);
}

/** What only a machine writes about an address: the server's verdict on it, not a person's account. */
const VERDICT_ON_ADDRESS =
  /(user|recipient|address) unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|mailbox unavailable|recipient not found|not a valid (user|mailbox|recipient)|permanent (fatal )?error/i;

/**
 * Why a message that no rule made a report still reads like one, or null: its own words say a delivery
 * failed (`NOTICE_WORDS`) next to the quoted original's Message-ID line, a server's coded answer, or a
 * named address with a server's verdict on it. Not enough for a bounce (a person may write such words),
 * too much for a person's reply: the message is left for the user to mark (decision 016).
 */
export function noticeReason(message: InboundMessage): string | null {
  const ownText = reportTextOf(message.text);
  if (!NOTICE_WORDS.test(ownText) || !speaksOfMessage(message.text) || writtenByRecipient(message))
    return null;
  if (message.quotedMessageIds.length) return 'Reads like a delivery notice (quotes the original message)';
  if (ownText.split(/\r?\n/).some(codedAnswer)) return "Reads like a delivery notice (a server's answer)";
  if (FIRST_ADDRESS.test(ownText) && VERDICT_ON_ADDRESS.test(ownText)) {
    return 'Reads like a delivery notice (names a failed address)';
  }
  return null;
}

/** Words saying the address itself does not work (the hard reasons). */
const saysAddressFails = (text: string) =>
  REASON_RULES.some((rule) => rule.class === 'hard' && rule.pattern.test(text));

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
    LIST_MANAGER.test(message.from) ||
    message.from === '' ||
    DAEMON_NAME.test(message.fromName) ||
    returnPath === '<>' ||
    /^<?mailer-daemon/i.test(returnPath ?? '');
  const subjectSays = !isReplySubject(message.subject) && BOUNCE_SUBJECT.some((p) => p.test(message.subject));
  const bodySays = BOUNCE_BODY.some((p) => p.test(ownText));
  if (hasNoticeStructure(message, ownText)) return true;
  // A mail system naming an address it cannot deliver to, without a copy (BounceParser warning-5: 'You
  // sent mail to a@b.c. That's not a valid user here.').
  const namesDeadAddress = FIRST_ADDRESS.test(ownText) && saysAddressFails(ownText.slice(0, 1500));
  return fromSystem ? subjectSays || bodySays || namesDeadAddress : subjectSays && bodySays;
}

interface Diagnostic {
  text: string;
  /** The receiving server's own answer (a Diagnostic-Code, a coded line of a transcript), not prose. */
  fromServer: boolean;
}

/** The words of the failure: the first line of the report's text naming a reason, with the next one. */
function diagnosticIn(ownText: string): Diagnostic | null {
  const lines = ownText.split(/\r?\n/).map((line) => line.trim());
  const namesReason = (line: string) => REASON_RULES.some((rule) => rule.pattern.test(line));
  // A server's answer with a failure code first (a transcript's '<<< 550 ...'), then any line.
  const coded = lines.findIndex(codedAnswer);
  const at = coded >= 0 ? coded : lines.findIndex(namesReason);
  if (at < 0) return null;
  // The next line continues the answer, unless it is the next recipient's ('b@c.d: 550 ...').
  const nextRecipient = /^<?[\w.+'-]+@[\w.-]+>?:/.test(lines[at + 1] ?? '');
  const text = lines
    .slice(at, nextRecipient ? at + 1 : at + 2)
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, 500);
  return { text, fromServer: coded >= 0 };
}

/**
 * The class of a failure when its signals disagree, the first that tells winning: a status about our
 * sender address (5.1.7, 5.1.8); the server's own answer in words (its Diagnostic-Code, or a coded answer
 * in a transcript), because servers put generic codes on precise words ('5.0.0 ... No mail box available
 * for this user'); a precise status in the failed recipient's block (not x.y.0), because a report's prose
 * around it is often a gateway's banner; the failure line of the report's prose; the status found
 * anywhere; the rest of the report and its subject; else soft.
 */
function classOf(
  status: string | null,
  diagnostic: Diagnostic | null,
  ownText: string,
  blockStatus: string | null = null,
): BounceClass {
  if (status === '5.1.7' || status === '5.1.8') return 'sender';
  const byWords = (text: string | null | undefined) =>
    text ? REASON_RULES.find((rule) => rule.pattern.test(text))?.class : undefined;
  const byStatus = status ? classOfStatus(status) : null;
  // x.y.0 is 'other or undefined' in every RFC 3463 subject: it tells no more than the words.
  const precise = blockStatus && !blockStatus.endsWith('.0') ? classOfStatus(blockStatus) : null;
  return (
    (diagnostic?.fromServer ? byWords(diagnostic.text) : undefined) ??
    precise ??
    byWords(diagnostic?.text) ??
    byStatus ??
    byWords(ownText) ??
    'soft'
  );
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
      bounce: {
        kind: classOf(status, diagnostic ? { text: diagnostic, fromServer: true } : null, ''),
        status,
        recipient,
        diagnostic,
      },
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
  const field = failed?.['diagnostic-code']?.replace(/^smtp;\s*/i, '').slice(0, 500);
  const found = field ? { text: field, fromServer: true } : diagnosticIn(ownText);
  const diagnostic = found?.text ?? null;
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
  const kind = classOf(precise, found, `${ownText}\n${message.subject}`, fieldStatus);
  const code = status ?? replyCodeIn(diagnostic ?? ownText) ?? (kind === 'soft' ? '4.0.0' : '5.0.0');
  return { type: 'bounce', bounce: { kind, status: code, recipient, diagnostic } };
}
