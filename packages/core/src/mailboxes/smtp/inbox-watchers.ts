import { gmailAccounts } from '@prospector/db';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { CoreDeps } from '../../deps';
import type { MailboxRow } from '../account-store';
import { MailProviderError } from '../mail-provider';
import { fairWatchShare } from './fair-watch-share';
import { type InboxWatch, watchInbox } from './inbox-watch';
import { openSmtpSecret } from './smtp-settings';

/**
 * IDLE connections one worker process keeps at most. Each is a TLS socket (a file descriptor and some tens
 * of kilobytes) held for as long as the worker runs; 500 stays under half of the common 1,024
 * open-files limit, leaving the rest to the database pool, HTTP and the sends' own SMTP and IMAP
 * connections. The places are shared fairly between users (`fairWatchShare`); mailboxes past a user's
 * share are read on the reply schedule only.
 */
export const MAX_WATCHED_MAILBOXES = 500;

/** After a drop or a failed connection the next try waits 15 s, doubling up to 15 minutes... */
const RECONNECT_FIRST_MS = 15_000;
const RECONNECT_MAX_MS = 15 * 60_000;
/** ...and a connection that stayed up this long starts that wait afresh when it drops. */
const STABLE_AFTER_MS = 5 * 60_000;
/** A server without IDLE is asked again after a day (it may have been upgraded); new settings ask at once. */
const NO_IDLE_RECHECK_MS = 24 * 3600_000;
/** Connections opened per refresh, so a restart or a network outage does not open hundreds at once. */
const STARTS_PER_REFRESH = 20;

export type InboxWatchState =
  /** Logging in and examining INBOX. */
  | 'connecting'
  /** Idling on INBOX: new mail asks for a poll of the mailbox at once. */
  | 'watching'
  /** Dropped or failed to connect: tried again after a back-off. */
  | 'waiting'
  /** The server does not advertise IDLE: polled on the schedule. */
  | 'no-idle'
  /** The login was refused: not tried again until the mailbox's settings change. */
  | 'refused'
  /** Not a connected SMTP mailbox, or past the cap. */
  | 'unwatched';

export interface InboxWatchEvent {
  accountId: string;
  event: 'watching' | 'no-idle' | 'dropped' | 'refused' | 'failed';
  /** The server's own words for a failure (never the credentials). */
  detail?: string;
}

export interface InboxWatcherOptions {
  /** Asks for an immediate poll of one mailbox (the watcher only wakes the poll; it reads nothing). */
  wake(accountId: string): void;
  report?(event: InboxWatchEvent): void;
  maxConnections?: number;
}

export interface InboxWatchers {
  /** Follows the set of connected SMTP mailboxes: opens, retries and closes connections to match it. */
  refresh(): Promise<void>;
  stateOf(accountId: string): InboxWatchState;
  stop(): Promise<void>;
}

interface Entry {
  accountId: string;
  /** The sealed settings the connection was opened with: changed settings start a new one. */
  secret: string;
  state: Exclude<InboxWatchState, 'unwatched'>;
  watch?: InboxWatch;
  since?: Date;
  retryAt?: Date;
  failures: number;
  ended: boolean;
}

const holdsSlot = (entry: Entry) => entry.state !== 'no-idle' && entry.state !== 'refused';

/** The IMAP IDLE watchers of one worker process. */
export function createInboxWatchers(deps: CoreDeps, options: InboxWatcherOptions): InboxWatchers {
  const max = options.maxConnections ?? MAX_WATCHED_MAILBOXES;
  const entries = new Map<string, Entry>();
  const report = (entry: Entry, event: InboxWatchEvent['event'], detail?: string) =>
    options.report?.({ accountId: entry.accountId, event, ...(detail ? { detail } : {}) });
  const now = () => deps.clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  function backOff(entry: Entry) {
    entry.failures++;
    entry.state = 'waiting';
    entry.retryAt = later(Math.min(RECONNECT_FIRST_MS * 2 ** (entry.failures - 1), RECONNECT_MAX_MS));
  }

  function dropped(entry: Entry) {
    if (entry.ended || entry.state !== 'watching') return;
    if (entry.since && now().getTime() - entry.since.getTime() >= STABLE_AFTER_MS) entry.failures = 0;
    entry.watch = undefined;
    backOff(entry);
    report(entry, 'dropped');
  }

  async function start(entry: Entry, mailbox: MailboxRow) {
    entry.state = 'connecting';
    try {
      const started = await watchInbox(deps, openSmtpSecret(deps, mailbox).imap, {
        newMail: () => options.wake(entry.accountId),
        dropped: () => dropped(entry),
      });
      if (started.kind === 'no-idle') {
        entry.state = 'no-idle';
        entry.retryAt = later(NO_IDLE_RECHECK_MS);
        report(entry, 'no-idle');
        return;
      }
      if (entry.ended) return await started.watch.close();
      entry.state = 'watching';
      entry.watch = started.watch;
      entry.since = now();
      report(entry, 'watching');
      // Mail that arrived while the connection was down is read now rather than at the next scheduled poll.
      if (entry.failures > 0) options.wake(entry.accountId);
    } catch (error) {
      if (entry.ended) return;
      const detail = error instanceof MailProviderError ? error.detail : String(error);
      if (error instanceof MailProviderError && error.kind === 'auth-lost') {
        entry.state = 'refused';
        report(entry, 'refused', detail);
        return;
      }
      backOff(entry);
      report(entry, 'failed', detail);
    }
  }

  async function end(entry: Entry) {
    entry.ended = true;
    entries.delete(entry.accountId);
    await entry.watch?.close();
  }

  async function refreshOnce() {
    const mailboxes = await deps.db
      .select()
      .from(gmailAccounts)
      .where(
        and(
          eq(gmailAccounts.provider, 'smtp'),
          eq(gmailAccounts.status, 'connected'),
          isNotNull(gmailAccounts.connectionSecret),
        ),
      )
      .orderBy(asc(gmailAccounts.createdAt), asc(gmailAccounts.id));
    const current = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox]));
    for (const entry of [...entries.values()]) {
      if (current.get(entry.accountId)?.connectionSecret !== entry.secret) await end(entry);
    }
    // A server found without IDLE (or refusing the login) gives its place back to the next mailbox.
    let budget = STARTS_PER_REFRESH;
    for (;;) {
      const { started, capped } = await startDue(mailboxes, budget);
      budget -= started;
      if (!started || !capped || budget <= 0 || stopped) break;
    }
  }

  const isDue = (entry: Entry | undefined) => entry?.retryAt !== undefined && entry.retryAt <= now();

  /**
   * The mailboxes that may hold a place now, by each user's fair share: those refused, or found without
   * IDLE and not yet due to be asked again, want none. A connection past its user's share is closed, so a
   * user who arrives gets places at the next refresh.
   */
  async function rebalance(mailboxes: MailboxRow[]): Promise<Set<string>> {
    const wanting = mailboxes.filter((mailbox) => {
      const entry = entries.get(mailbox.id);
      return !entry || holdsSlot(entry) || (entry.state === 'no-idle' && isDue(entry));
    });
    const placed = fairWatchShare(wanting, max);
    for (const entry of [...entries.values()]) {
      if (holdsSlot(entry) && !placed.has(entry.accountId)) await end(entry);
    }
    return placed;
  }

  /** Opens connections for mailboxes not yet watched and those due again, within their share and `budget`. */
  async function startDue(mailboxes: MailboxRow[], budget: number) {
    const placed = await rebalance(mailboxes);
    let capped = false;
    const starts: Promise<void>[] = [];
    for (const mailbox of mailboxes) {
      if (starts.length >= budget || stopped) break;
      let entry = entries.get(mailbox.id);
      if (entry && !(isDue(entry) && (entry.state === 'waiting' || entry.state === 'no-idle'))) continue;
      if (!placed.has(mailbox.id)) {
        capped = true;
        continue;
      }
      if (!entry) {
        entry = {
          accountId: mailbox.id,
          secret: mailbox.connectionSecret!,
          state: 'connecting',
          failures: 0,
          ended: false,
        };
        entries.set(mailbox.id, entry);
      }
      starts.push(start(entry, mailbox));
    }
    await Promise.all(starts);
    return { started: starts.length, capped };
  }

  return {
    refresh() {
      // One refresh at a time; each reads the mailboxes afresh, so a caller sees every change made before it.
      const next = queue.then(() => (stopped ? undefined : refreshOnce()));
      queue = next.catch(() => {});
      return next;
    },
    stateOf: (accountId) => entries.get(accountId)?.state ?? 'unwatched',
    async stop() {
      stopped = true;
      await queue;
      await Promise.all([...entries.values()].map(end));
    },
  };
}
