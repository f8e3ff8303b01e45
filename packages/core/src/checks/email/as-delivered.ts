import { createHash, generateKeyPairSync } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import DKIM from 'nodemailer/lib/dkim/index.js';
import { mailDate } from '../../mail/mime-headers';
import type { MailProviderKind } from '../../mailboxes/mail-provider';

let privateKey: string | undefined;

/** A stable id of the message for the made-up parts of a provider's header (the same email, the same bytes). */
const idOf = (raw: Buffer, length: number) => createHash('sha256').update(raw).digest('hex').slice(0, length);

/**
 * The trace header the mailbox's provider adds to every message it sends on. Gmail's X-Received names one
 * of Google's IPv6 hosts (SpamAssassin's FORGED_GMAIL_RCVD fires on a gmail.com From without it);
 * Microsoft 365 and Outlook.com hand it between their prod.outlook.com hosts; an SMTP server receives it
 * from the app (no address: SpamAssassin would take a loopback one as a trusted relay).
 */
export function providerTrace(
  provider: MailProviderKind | null,
  raw: Buffer,
  senderDomain: string,
  now: Date,
): string {
  const date = mailDate(now);
  if (provider === 'gmail') {
    return `X-Received: by 2002:a05:6000:1a8e:b0:3a5:7c1e:0b2d with SMTP id ${idOf(raw, 20)}mr${idOf(raw, 8)};\r\n        ${date}\r\n`;
  }
  if (provider === 'microsoft') {
    const host = 'AM9PR07MB7859.eurprd07.prod.outlook.com (2603:10a6:20b:2f2::14)';
    return `Received: from ${host} by ${host} with Microsoft SMTP Server\r\n (version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.8857.31;\r\n ${date}\r\n`;
  }
  return `Received: from app.${senderDomain} by smtp.${senderDomain} with ESMTPSA id ${idOf(raw, 10)};\r\n ${date}\r\n`;
}

/**
 * The message as the recipient's server receives it: with the trace header its provider adds, and
 * DKIM-signed for the sender's domain, as mailbox providers sign what they send (Gmail and Google
 * Workspace always, Microsoft 365 and hosted mailboxes as a rule), with a key the check makes once per
 * process. The check runs SpamAssassin's local tests only: they see that a signature exists, never whether
 * it verifies.
 */
export async function asDelivered(
  raw: Buffer,
  senderAddress: string,
  provider: MailProviderKind | null,
  now: Date,
): Promise<Buffer> {
  privateKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const domainName = senderAddress.split('@')[1]?.toLowerCase() || 'localhost';
  const traced = Buffer.concat([Buffer.from(providerTrace(provider, raw, domainName, now)), raw]);
  const signer = new DKIM({ domainName, keySelector: 'email-check', privateKey });
  return buffer(signer.sign(traced));
}
