import { GmailConnection } from '@/features/gmail/gmail-connection';

export default function GmailConnectionPage() {
  return <GmailConnection />;
}
