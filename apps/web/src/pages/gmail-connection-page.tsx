import { MailboxConnections } from '@/features/mailboxes/mailbox-connections';

export default function GmailConnectionPage() {
  return <MailboxConnections />;
}
