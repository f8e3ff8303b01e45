export { SCOPE_REMOVED_MESSAGE, withGmail } from './account-tokens';
export { completeGoogleConnect, type GoogleCallbackInput } from './complete-google-connect';
export {
  type GmailApi,
  GmailApiError,
  type GmailHistoryPage,
  type GmailMessage,
  type GmailMessagePart,
  gmailApi,
} from './gmail-api';
export { type GmailFailureKind, gmailFailureKind, parseGmailError } from './gmail-error';
export { MAILBOX_AGE_UNREADABLE, refreshSendingSince } from './mailbox-age';
export { refreshGmailAliases } from './refresh-aliases';
export { listSandboxMailboxes } from './sandbox-mailboxes';
export { startGoogleConnect } from './start-google-connect';
