import { MailIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function GmailConnectionPage() {
  return (
    <PlaceholderPage
      title="Gmail Connection"
      subtitle="Connect the Gmail accounts your sequences send from"
      icon={MailIcon}
    >
      Connected accounts, send-as aliases, daily quotas and the default sender will be managed here.
    </PlaceholderPage>
  );
}
