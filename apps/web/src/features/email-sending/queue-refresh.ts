import type { QueueStatus } from '@prospector/contracts';

/** How often the page reads again while emails wait to leave: each one sent changes a row and the counts. */
export const QUEUED_REFRESH_MS = 5_000;

/** Whether any email is due or waiting for its mailbox's turn. */
export const emailsQueued = (status: QueueStatus | undefined): boolean =>
  !!status && (status.dueSends > 0 || status.mailboxes.some((mailbox) => mailbox.queued > 0));
