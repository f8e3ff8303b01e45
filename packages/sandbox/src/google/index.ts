import type { SandboxGmailFault } from './faults';
import { gmailEndpoints } from './gmail-endpoints';
import { inboxView } from './gmail-payload';
import { apiError, type SandboxRequest, type SandboxResponse } from './http';
import type { SandboxSendAsEntry } from './identities';
import { oauthEndpoints } from './oauth-endpoints';
import { addOldSentMail } from './old-sent-mail';
import type { SandboxGoogleOptions } from './options';
import { createSandboxStore } from './sandbox-store';
import { simulators } from './simulate';

export { SANDBOX_GMAIL_FAULTS, type SandboxGmailFault } from './faults';
export { gmailMessage } from './gmail-payload';
export type { SandboxRequest, SandboxResponse } from './http';
export {
  addressOfKey,
  SANDBOX_IDENTITIES,
  type SandboxIdentity,
  type SandboxSendAsEntry,
  sandboxMailboxKey,
} from './identities';
export { bodiesOf, decodeWords, header, parseMime } from './mime';
export { HISTORY_RETENTION_MS, type SandboxGoogleOptions } from './options';
export type { MessageRow as SandboxMessageRow, SandboxSql } from './sandbox-store';

/**
 * The built-in Google: OAuth consent, token and revoke endpoints and Gmail API v1, speaking Google's wire
 * protocol, with its state in the app's database. `handle` serves HTTP (mounted at options.mountPath);
 * `inbox` backs the Sandbox Inbox page and the tests.
 */
export function createSandboxGoogle(options: SandboxGoogleOptions) {
  const store = createSandboxStore(options.sql);
  const oauth = oauthEndpoints(options, store);
  const gmail = gmailEndpoints(options, store);
  const simulate = simulators(options, store);

  async function handle(request: SandboxRequest): Promise<SandboxResponse> {
    const { method, path } = request;
    if (method === 'GET' && path === '/o/oauth2/v2/auth') return oauth.authorize(request);
    if (method === 'POST' && path === '/o/oauth2/v2/auth/approve') return oauth.approve(request);
    if (method === 'POST' && path === '/token') return oauth.token(request);
    if (method === 'POST' && path === '/revoke') return oauth.revoke(request);
    if (path.startsWith('/gmail/v1/')) return gmail.handle(request);
    return apiError(404, 'Not found', 'NOT_FOUND');
  }

  /** A sent message of one of these mailboxes, else undefined (another user's mailbox is not found). */
  async function sentMessage(mailboxes: string[], id: string) {
    const row = await store.findMessage(id);
    return row && mailboxes.includes(row.mailbox) && row.labelIds.includes('SENT') ? row : undefined;
  }

  const inbox = {
    /** Every message these mailboxes sent, newest first, with headers and bodies. */
    list: async (mailboxes: string[], limit = 200) =>
      Promise.all((await store.sentBy(mailboxes, limit)).map(inboxView)),
    async reply(mailboxes: string[], id: string, text?: string) {
      const row = await sentMessage(mailboxes, id);
      return row ? await inboxView(await simulate.reply(row, text)) : undefined;
    },
    async autoReply(mailboxes: string[], id: string) {
      const row = await sentMessage(mailboxes, id);
      return row ? await inboxView(await simulate.autoReply(row)) : undefined;
    },
    async bounce(mailboxes: string[], id: string) {
      const row = await sentMessage(mailboxes, id);
      return row ? await inboxView(await simulate.bounce(row)) : undefined;
    },
    async open(mailboxes: string[], id: string) {
      const row = await sentMessage(mailboxes, id);
      return row ? simulate.open(row) : undefined;
    },
  };

  /** Knobs for tests and demos: change aliases, make calls fail, end tokens early. Mailboxes by key. */
  const control = {
    setSendAs: (email: string, sendAs: SandboxSendAsEntry[]) => store.setSendAs(email, sendAs),
    getMailbox: (email: string) => store.getMailbox(email),
    /** Queues faults for the mailbox's next Gmail API calls: a SandboxGmailFault, or a bare status code. */
    queueFaults: (email: string, faults: (SandboxGmailFault | number)[]) =>
      store.queueFaults(email, faults.map(String)),
    clearFaults: (email: string) => store.clearFaults(email),
    pendingFaults: (email: string) => store.pendingFaults(email),
    expireAccessTokens: (email: string) => store.expireAccessTokens(email, options.clock.now()),
    revokeAll: (email: string) => store.revokeMailboxGrants(email, options.clock.now()),
    /** A message the mailbox sent long ago (it creates the mailbox if needed): gives the mailbox its age. */
    addOldSentMail: (email: string, sentAt: Date) => addOldSentMail(store, email, sentAt),
    /** Delivers a raw message into the thread of a sent message (mail from the outside world). */
    async deliverInThread(mailboxes: string[], sentId: string, raw: string) {
      const row = await sentMessage(mailboxes, sentId);
      return row ? simulate.arrive(row, raw) : undefined;
    },
  };

  return { handle, inbox, control };
}
export type SandboxGoogle = ReturnType<typeof createSandboxGoogle>;
