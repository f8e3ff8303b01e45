import type { MailServerSettings } from '@prospector/contracts';
import type { ImapFlow } from 'imapflow';
import type { CoreDeps } from '../../deps';
import { MailProviderError } from '../mail-provider';
import { closeImap, openImap } from './imap-mailbox';
import { asProviderError, classifyImapError } from './smtp-errors';

/** An open IDLE connection on a mailbox's INBOX. */
export interface InboxWatch {
  close(): Promise<void>;
}

export interface InboxWatchEvents {
  /** The INBOX holds more messages than before (an untagged EXISTS during IDLE). */
  newMail(): void;
  /** The connection ended without being closed here (the server or the network dropped it). */
  dropped(): void;
}

export type InboxWatchStart = { kind: 'watching'; watch: InboxWatch } | { kind: 'no-idle' };

/**
 * Logs in to the mailbox's IMAP server and, when the server advertises IDLE (RFC 2177) after login,
 * examines INBOX (read-only) and leaves the connection idling: imapflow starts IDLE once the connection is
 * free and reports new messages as `exists`. A server without IDLE is logged out of at once (`no-idle`):
 * imapflow would otherwise fall back to polling with NOOP, which the reply schedule already does.
 * A failed connection or login throws a MailProviderError (`auth-lost` when the login is refused).
 */
export async function watchInbox(
  deps: CoreDeps,
  server: MailServerSettings,
  events: InboxWatchEvents,
): Promise<InboxWatchStart> {
  let client: ImapFlow;
  try {
    client = await openImap(deps, server, { watch: true });
  } catch (error) {
    throw asMailProviderError(deps, error);
  }
  if (!client.capabilities.has('IDLE')) {
    await closeImap(client);
    return { kind: 'no-idle' };
  }
  let closing = false;
  client.on('exists', (change: { count: number; prevCount: number }) => {
    if (change.count > change.prevCount) events.newMail();
  });
  client.on('close', () => {
    if (!closing) events.dropped();
  });
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (error) {
    closing = true;
    client.close();
    throw asMailProviderError(deps, error);
  }
  return {
    kind: 'watching',
    watch: {
      close: async () => {
        closing = true;
        await closeImap(client);
      },
    },
  };
}

function asMailProviderError(deps: CoreDeps, error: unknown): MailProviderError {
  const failure = asProviderError(error);
  return failure instanceof MailProviderError ? failure : classifyImapError(failure, deps.clock);
}
