import type { GmailAccount } from '@prospector/contracts';
import { AppError } from '../app-error';
import { DAY_MS } from '../clock';
import type { CoreDeps } from '../deps';
import { requireAccount, updateAccount } from '../mailboxes/account-store';
import { getGmailAccount } from '../mailboxes/account-view';
import { withGmail } from './account-tokens';
import { type GmailApi, GmailApiError } from './gmail-api';

const SENT = ['SENT'];
/** Gmail reads a search's dates at midnight Pacific time; epoch seconds are exact in every zone. */
const epochSeconds = (ms: number) => Math.floor(ms / 1000);

export const MAILBOX_AGE_UNREADABLE =
  'Gmail did not answer: the mailbox’s age could not be read. Try again later.';

async function sentBefore(api: GmailApi, ms: number): Promise<boolean> {
  const page = await api.listMessages({ labelIds: SENT, q: `before:${epochSeconds(ms)}`, maxResults: 1 });
  return (page.messages?.length ?? 0) > 0;
}

/**
 * When the mailbox sent its first message, or null if it never sent one. messages.list answers newest
 * first, so the day of the oldest sent message is found by halving a range of days with `before:`
 * searches (about 15 calls back to 1970), then that day's last listed message is read for its exact date.
 */
export async function oldestSentMessageDate(api: GmailApi, now: Date): Promise<Date | null> {
  let hi = (Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS;
  if (!(await sentBefore(api, hi))) return null;
  let lo = 0;
  while (hi - lo > DAY_MS) {
    const mid = lo + Math.floor((hi - lo) / DAY_MS / 2) * DAY_MS;
    if (await sentBefore(api, mid)) hi = mid;
    else lo = mid;
  }
  // Nothing was sent before `lo`, so a second's overlap below it only makes `after:` inclusive.
  const q = `after:${Math.max(0, epochSeconds(lo) - 1)} before:${epochSeconds(hi)}`;
  let oldest: string | undefined;
  let pageToken: string | undefined;
  do {
    const page = await api.listMessages({ labelIds: SENT, q, maxResults: 500, pageToken });
    oldest = page.messages?.at(-1)?.id ?? oldest;
    pageToken = page.nextPageToken;
  } while (pageToken);
  if (!oldest) return new Date(lo);
  const message = await api.getMessage(oldest, 'metadata');
  return message.internalDate ? new Date(Number(message.internalDate)) : new Date(lo);
}

/**
 * The date the ramp-up of decision 006 counts a mailbox's age from: its oldest sent message, else (never
 * sent, or sent only since) the day it was connected.
 */
export async function readSendingSince(api: GmailApi, connectedAt: Date, now: Date): Promise<Date> {
  const oldest = await oldestSentMessageDate(api, now);
  return oldest && oldest < connectedAt ? oldest : connectedAt;
}

/**
 * At connection: reads and stores the mailbox's age. A Gmail failure leaves what was known (nothing, for
 * a new mailbox, which then starts at the ramp's bottom and says its age is unknown): it never fails the
 * connection.
 */
export async function storeSendingSinceAtConnection(
  deps: CoreDeps,
  api: GmailApi,
  account: { id: string; workspaceId: string; createdAt: Date },
): Promise<void> {
  const now = deps.clock.now();
  let sendingSince: Date;
  try {
    sendingSince = await readSendingSince(api, account.createdAt, now);
  } catch {
    return;
  }
  await updateAccount(deps.db, account.workspaceId, account.id, { sendingSince, updatedAt: now });
}

/** POST /api/gmail/accounts/{id}/refresh-sending-since: reads the mailbox's age from its sent mail again. */
export async function refreshSendingSince(
  deps: CoreDeps,
  workspaceId: string,
  accountId: string,
): Promise<GmailAccount> {
  const account = await requireAccount(deps.db, workspaceId, accountId);
  const now = deps.clock.now();
  let sendingSince: Date;
  try {
    sendingSince = await withGmail(deps, account, (api) => readSendingSince(api, account.createdAt, now));
  } catch (error) {
    if (error instanceof GmailApiError) throw new AppError('UPSTREAM_ERROR', MAILBOX_AGE_UNREADABLE);
    throw error;
  }
  await updateAccount(deps.db, workspaceId, account.id, { sendingSince, updatedAt: now });
  return (await getGmailAccount(deps, workspaceId, account.id))!;
}
