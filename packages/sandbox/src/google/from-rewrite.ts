import type { MailboxRow } from './sandbox-store';

const FROM_LINE = /^From:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/im;

/**
 * Gmail sends a message whose From is not one of the mailbox's send-as addresses from the primary address
 * instead: the From header is rewritten, the message still goes. Answers the raw message and sender to store.
 */
export function rewriteFrom(raw: string, from: string | undefined, mailbox: MailboxRow) {
  if (from && mailbox.sendAs.some((s) => s.sendAsEmail.toLowerCase() === from)) return { raw, from };
  const primary = mailbox.sendAs.find((s) => s.isPrimary);
  const address = primary?.sendAsEmail ?? mailbox.email;
  const name = (primary?.displayName || mailbox.displayName || '').replace(/["\\\r\n]/g, '');
  const line = name ? `From: "${name}" <${address}>` : `From: ${address}`;
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const rewritten = FROM_LINE.test(head) ? head.replace(FROM_LINE, line) : `${line}\r\n${head}`;
  return { raw: rewritten + (end < 0 ? '' : raw.slice(end)), from: address.toLowerCase() };
}
