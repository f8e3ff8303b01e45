import ipaddr from 'ipaddr.js';
import type { MailboxRow } from '../mailboxes/account-store';
import { openSmtpSecret } from '../mailboxes/smtp/smtp-settings';
import type { SenderToCheck, SendingProvider } from './health-report';
import { type MailboxHealthDeps, resolverOf } from './sender-health-deps';
import { consumerProvider } from './sending-providers';
import { readSentCopy } from './sent-copy';

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const PROVIDERS: Record<MailboxRow['provider'], SendingProvider> = {
  gmail: 'google',
  microsoft: 'microsoft',
  smtp: 'smtp',
};

/**
 * What the checks of a mailbox are given: its address and who carries its mail; for an SMTP mailbox also
 * the address its SMTP server is reached at (what receivers see sending, looked up through the app's
 * resolver as the connection does) and the newest message in its Sent folder, read over IMAP.
 */
export async function senderToCheck(deps: MailboxHealthDeps, mailbox: MailboxRow): Promise<SenderToCheck> {
  const sender: SenderToCheck = { email: mailbox.email, provider: PROVIDERS[mailbox.provider] };
  if (mailbox.provider !== 'smtp' || !mailbox.connectionSecret) return sender;
  // gmail.com, outlook.com: the provider authenticates the mail, nothing of the mailbox is needed.
  if (consumerProvider(domainOf(mailbox.email))) return sender;
  const [sendingIp, sentMessage] = await Promise.all([
    sendingAddressOf(deps, openSmtpSecret(deps, mailbox).smtp.host),
    readSentCopy(deps, mailbox),
  ]);
  return { ...sender, sendingIp, sentMessage };
}

/** The SMTP server's IPv4 address (IPv6 when it has none); null when its name does not resolve. */
export async function sendingAddressOf(deps: MailboxHealthDeps, host: string): Promise<string | null> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return bare;
  const dns = resolverOf(deps);
  const v4 = await dns.resolve4(bare);
  if (v4.ok && v4.records[0]) return v4.records[0];
  const v6 = await dns.resolve6(bare);
  return v6.ok && v6.records[0] ? v6.records[0] : null;
}
