import type { MailServerSettings } from '@prospector/contracts';
import { decryptRowSecret } from '../../crypto/row-secret';
import { encryptSecret } from '../../crypto/secret-box';
import type { CoreDeps } from '../../deps';
import type { MailboxRow } from '../account-store';

/**
 * What an SMTP mailbox's connection_secret holds (encrypted JSON). `sentCopy` remembers, after the first
 * send, whether the server files sent mail in Sent itself ('server') or the app must append it ('append').
 */
export interface SmtpConnectionSecret {
  smtp: MailServerSettings;
  imap: MailServerSettings;
  sentCopy?: 'server' | 'append';
}

/** The provider's stable id of an SMTP mailbox (googleUserId column). */
export const smtpMailboxKey = (email: string) => `smtp:${email.toLowerCase()}`;

function appSecretOf(deps: CoreDeps): string {
  if (!deps.appSecret) throw new Error('APP_SECRET is required for SMTP mailboxes');
  return deps.appSecret;
}

export const sealSmtpSecret = (deps: CoreDeps, secret: SmtpConnectionSecret): string =>
  encryptSecret(JSON.stringify(secret), appSecretOf(deps));

export function openSmtpSecret(deps: CoreDeps, mailbox: MailboxRow): SmtpConnectionSecret {
  if (mailbox.provider !== 'smtp' || !mailbox.connectionSecret)
    throw new Error(`Mailbox ${mailbox.id} has no SMTP settings`);
  return JSON.parse(
    decryptRowSecret(mailbox, mailbox.connectionSecret, appSecretOf(deps)),
  ) as SmtpConnectionSecret;
}
