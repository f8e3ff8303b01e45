import type { InboundMessage } from './inbound-message';

export interface Bounce {
  /** 5.x.x: the address will never work (hard); 4.x.x: a temporary failure (soft). */
  kind: 'hard' | 'soft';
  /** The enhanced status code, e.g. 5.1.1. */
  status: string;
  recipient: string | null;
  diagnostic: string | null;
}

const DAEMON = /^(mailer-daemon|postmaster)@/i;
const STATUS_CODE = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** The per-recipient fields of a message/delivery-status body (RFC 3464), the first failed one first. */
function recipientFields(report: string): Record<string, string>[] {
  const unfolded = report.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded
    .split(/\r?\n\s*\r?\n/)
    .map((block) => {
      const fields: Record<string, string> = {};
      for (const line of block.split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      return fields;
    })
    .filter((fields) => fields.status || fields['final-recipient']);
}

/**
 * A delivery status notification about one of our emails: a multipart/report of report-type
 * delivery-status, or a plain notice from mailer-daemon/postmaster giving an SMTP status code. Null for
 * anything else, and for a DSN that reports a successful delivery (2.x.x).
 */
export function bounceOf(message: InboundMessage): Bounce | null {
  const isReport = message.mimeType === 'multipart/report' && message.reportType === 'delivery-status';
  if (!isReport && !DAEMON.test(message.from)) return null;
  const fields = message.report ? recipientFields(message.report) : [];
  const failed = fields.find((f) => /failed|delayed/i.test(f.action ?? '')) ?? fields[0];
  const status =
    STATUS_CODE.exec(failed?.status ?? '')?.[0] ??
    STATUS_CODE.exec(failed?.['diagnostic-code'] ?? '')?.[0] ??
    STATUS_CODE.exec(message.text)?.[0] ??
    (/delayed/i.test(failed?.action ?? '') ? '4.0.0' : null) ??
    (isReport || message.headers.has('x-failed-recipients') ? '5.0.0' : null);
  if (!status || status.startsWith('2')) return null;
  const recipient =
    failed?.['final-recipient']?.replace(/^rfc822;\s*/i, '').toLowerCase() ??
    message.headers.get('x-failed-recipients')?.[0]?.toLowerCase() ??
    null;
  return {
    kind: status.startsWith('5') ? 'hard' : 'soft',
    status,
    recipient,
    diagnostic: failed?.['diagnostic-code'] ?? null,
  };
}

/** A spam complaint: an ARF feedback report (multipart/report; report-type=feedback-report). */
export const isComplaint = (message: InboundMessage) =>
  message.mimeType === 'multipart/report' && message.reportType === 'feedback-report';
