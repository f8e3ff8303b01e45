import { SendIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function EmailSendingPage() {
  return (
    <PlaceholderPage
      title="Email Sending"
      subtitle="Track the emails you have sent and manage your templates"
      icon={SendIcon}
    >
      All sent emails with their status, and your email templates, will appear here.
    </PlaceholderPage>
  );
}
