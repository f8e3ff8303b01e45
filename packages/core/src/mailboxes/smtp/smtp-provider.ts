import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { CoreDeps } from '../../deps';
import { type MailboxRow, updateAccount } from '../account-store';
import {
  type MailboxSession,
  type MailProvider,
  MailProviderError,
  type OutgoingMessage,
  type SentMessage,
} from '../mail-provider';
import {
  appendToSent,
  closeImap,
  fetchInboxRaw,
  findByMessageId,
  openImap,
  readInbox,
  sentFolderOf,
} from './imap-mailbox';
import { asProviderError, classifyImapError, classifySmtpError } from './smtp-errors';
import { openSmtpSecret, type SmtpConnectionSecret, sealSmtpSecret } from './smtp-settings';
import { openSmtpTransport, type SmtpTransport } from './smtp-transport';
import { threadIdOf } from './thread-of-message';

/**
 * SMTP mailboxes have no published ceiling: 500 a day is what Zoho Mail and IONOS allow a mailbox, and
 * within what Fastmail allows; the user may set lower.
 */
export const SMTP_LIMITS = { maxDailyLimit: 500, minGapSeconds: 0 };

/** A session opens its SMTP and IMAP connections when first needed and closes them when the work is done. */
class SmtpSession implements MailboxSession {
  private transport: SmtpTransport | null = null;
  private imap: ImapFlow | null = null;

  constructor(
    private readonly deps: CoreDeps,
    private readonly mailbox: MailboxRow,
    private secret: SmtpConnectionSecret,
  ) {}

  private async smtp(): Promise<SmtpTransport> {
    this.transport ??= await openSmtpTransport(this.deps, this.secret.smtp);
    return this.transport;
  }

  private async imapClient(): Promise<ImapFlow> {
    if (!this.imap?.usable)
      this.imap = await imapCall(this.deps, () => openImap(this.deps, this.secret.imap));
    return this.imap;
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    const transport = await this.smtp();
    try {
      await transport.sendMail({ envelope: { from: message.from, to: [message.to] }, raw: message.raw });
    } catch (error) {
      throw classifySmtpError(error, this.deps.clock);
    }
    const sentAt = this.deps.clock.now();
    await this.fileInSent(message, sentAt);
    return {
      providerMessageId: message.messageId,
      threadId: message.threadId ?? threadIdOf(message.raw, message.messageId),
      sentAt,
    };
  }

  /**
   * The message goes to Sent so the user's mail client shows the thread. Whether the server files it
   * itself is learnt on the first send and kept on the mailbox. The send is done whatever happens here.
   */
  private async fileInSent(message: OutgoingMessage, at: Date): Promise<void> {
    if (this.secret.sentCopy === 'server') return;
    try {
      const client = await this.imapClient();
      const folder = await sentFolderOf(client);
      if (!folder) return;
      if (!this.secret.sentCopy) {
        const filed = await findByMessageId(client, folder, message.messageId);
        await this.rememberSentCopy(filed ? 'server' : 'append');
        if (filed) return;
      }
      await appendToSent(client, folder, message.raw, at);
    } catch {
      // A Sent copy that could not be filed loses the user's view of the thread, never the send.
    }
  }

  private async rememberSentCopy(sentCopy: 'server' | 'append') {
    this.secret = { ...this.secret, sentCopy };
    await this.deps.db
      .update(gmailAccounts)
      .set({ connectionSecret: sealSmtpSecret(this.deps, this.secret) })
      .where(eq(gmailAccounts.id, this.mailbox.id));
  }

  async readSince(cursor: string | null, since: Date | null) {
    const client = await this.imapClient();
    return imapCall(this.deps, () => readInbox(client, cursor, since));
  }

  async fetchRaw(providerMessageId: string) {
    const client = await this.imapClient();
    return imapCall(this.deps, () => fetchInboxRaw(client, providerMessageId));
  }

  async findSent(messageId: string): Promise<SentMessage | null> {
    const client = await this.imapClient();
    return imapCall(this.deps, async () => {
      const folder = await sentFolderOf(client);
      const raw = folder ? await findByMessageId(client, folder, messageId) : null;
      return raw ? { providerMessageId: messageId, threadId: threadIdOf(raw, messageId) } : null;
    });
  }

  async listIdentities() {
    return [
      { email: this.mailbox.email, displayName: this.mailbox.displayName, isDefault: true, verified: true },
    ];
  }

  async close() {
    this.transport?.close();
    if (this.imap) await closeImap(this.imap);
  }
}

async function imapCall<T>(deps: CoreDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MailProviderError) throw error;
    throw classifyImapError(error, deps.clock);
  }
}

export const smtpProvider: MailProvider = {
  kind: 'smtp',
  // The servers are the user's own, reached the same way from the demo and from production.
  reachable: () => true,
  async withSession(deps, mailbox, work) {
    const session = new SmtpSession(deps, mailbox, openSmtpSecret(deps, mailbox));
    try {
      return await work(session);
    } catch (error) {
      const failure = asProviderError(error);
      if (failure instanceof MailProviderError && failure.kind === 'auth-lost') {
        await updateAccount(
          deps.db,
          mailbox.workspaceId,
          mailbox.id,
          {
            status: 'token_expired',
            lastError: `${mailbox.email}: ${failure.detail}. Update its password to resume sending.`,
            updatedAt: deps.clock.now(),
          },
          { unlessDisconnected: true },
        );
      }
      throw failure;
    } finally {
      await session.close();
    }
  },
  limits: () => SMTP_LIMITS,

  // The password is the user's own: disconnecting forgets it, there is no grant to revoke.
  revokeGrant: async () => {},
};
