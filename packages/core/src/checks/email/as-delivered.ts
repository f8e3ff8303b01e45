import { generateKeyPairSync } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import DKIM from 'nodemailer/lib/dkim/index.js';

let privateKey: string | undefined;

/**
 * The message as the recipient's server receives it. Mailbox providers DKIM-sign every message they send
 * (Gmail and Google Workspace always, Microsoft 365 and hosted mailboxes as a rule), and rules such as
 * LIST_PARTIAL_SHORT_MSG only fire on unsigned mail, so the check signs the message with a key of its own,
 * made once per process, for the sender's domain. The check runs SpamAssassin's local tests only: they see
 * that a signature exists, never whether it verifies.
 */
export async function asDelivered(raw: Buffer, senderAddress: string): Promise<Buffer> {
  privateKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const domainName = senderAddress.split('@')[1]?.toLowerCase() || 'localhost';
  const signer = new DKIM({ domainName, keySelector: 'email-check', privateKey });
  return buffer(signer.sign(raw));
}
