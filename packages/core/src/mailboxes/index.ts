export { GMAIL_ACCOUNT_NOT_FOUND, type MailboxRow, reconnectMessage } from './account-store';
export { getGmailAccount, listGmailAccounts } from './account-view';
export { getMailbox, listMailboxes } from './list-mailboxes';
export { listSenders } from './list-senders';
export {
  type ArrivedMessage,
  type MailboxRead,
  type MailboxSession,
  type MailFailureKind,
  type MailProvider,
  MailProviderError,
  type SentMessage,
} from './mail-provider';
export { updateMailboxLimits } from './mailbox-limits';
export { deleteGmailAccount, setDefaultGmailSender } from './manage-mailboxes';
export { type ProviderCeiling, providerCeiling } from './provider-ceiling';
export { mailProviderFor } from './providers';
export { removeMailbox } from './remove-mailbox';
export { connectSmtpMailbox, updateSmtpMailbox } from './smtp/connect-smtp-mailbox';
export { INBOX_MESSAGE_MAX_BYTES, INBOX_MESSAGE_START_BYTES } from './smtp/imap-mailbox';
export {
  createInboxWatchers,
  type InboxWatchEvent,
  type InboxWatchers,
  type InboxWatchState,
  MAX_WATCHED_MAILBOXES,
} from './smtp/inbox-watchers';
export { smtpProvider } from './smtp/smtp-provider';
export { MAILBOX_NOT_FOUND, updateMailbox } from './update-mailbox';
